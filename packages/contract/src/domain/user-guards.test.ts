import { describe, expect, it } from 'vitest';
import { deletionRefusal, roleChangeRefusal, USER_GUARD_MESSAGES } from './user-guards';

const admin = { id: 'b', role: 'admin' as const, isActive: true };
const customer = { id: 'c', role: 'user' as const, isActive: true };

describe('roleChangeRefusal', () => {
  it('refuses a change of the admin’s own role, even to the same role', () => {
    expect(roleChangeRefusal('a', { ...admin, id: 'a' }, 'user', 5)).toBe(USER_GUARD_MESSAGES.ownRole);
    expect(roleChangeRefusal('a', { ...admin, id: 'a' }, 'admin', 5)).toBe(USER_GUARD_MESSAGES.ownRole);
  });

  it('refuses to demote the last active admin', () => {
    expect(roleChangeRefusal('a', admin, 'user', 1)).toBe(USER_GUARD_MESSAGES.lastAdminDemote);
  });

  it('lets an admin demote another while one more stays, and promote anyone', () => {
    expect(roleChangeRefusal('a', admin, 'user', 2)).toBeNull();
    expect(roleChangeRefusal('a', customer, 'admin', 1)).toBeNull();
    expect(roleChangeRefusal('a', admin, 'admin', 1)).toBeNull();
  });

  it('lets an inactive admin be demoted: it does not count as an active admin', () => {
    expect(roleChangeRefusal('a', { ...admin, isActive: false }, 'user', 1)).toBeNull();
  });
});

describe('deletionRefusal', () => {
  it('refuses the admin’s own account and the last active admin', () => {
    expect(deletionRefusal('a', { ...admin, id: 'a' }, 3)).toBe(USER_GUARD_MESSAGES.ownAccount);
    expect(deletionRefusal('a', admin, 1)).toBe(USER_GUARD_MESSAGES.lastAdminDelete);
  });

  it('lets customers and one of several admins be deleted', () => {
    expect(deletionRefusal('a', customer, 1)).toBeNull();
    expect(deletionRefusal('a', admin, 2)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { broadcastCount, nextUnreadCount, sentByAdmin } from './unread-count';

describe('nextUnreadCount', () => {
  it('replaces the count on a fetch or a broadcast', () => {
    expect(nextUnreadCount(7, { kind: 'fetched', count: 2 })).toBe(2);
    expect(nextUnreadCount(7, { kind: 'broadcast', count: 0 })).toBe(0);
    expect(nextUnreadCount(7, { kind: 'broadcast', count: Number.NaN })).toBe(0);
  });

  it('adds one for a customer message only', () => {
    expect(nextUnreadCount(1, { kind: 'newMessage', isAdmin: false })).toBe(2);
    expect(nextUnreadCount(1, { kind: 'newMessage', isAdmin: true })).toBe(1);
  });
});

describe("the shell's socket payloads", () => {
  it('reads an adminUnreadUpdated count only when it is a whole number, 0 or more', () => {
    expect([broadcastCount({ count: 3 }), broadcastCount({ count: 0 })]).toEqual([3, 0]);
    for (const bad of [{ count: -1 }, { count: 1.5 }, { count: '2' }, {}, null, 'x', undefined]) {
      expect(broadcastCount(bad)).toBeUndefined();
    }
  });

  it("reads a newMessage's isAdmin only when it is a boolean", () => {
    expect([sentByAdmin({ isAdmin: true, body: 'Hi' }), sentByAdmin({ isAdmin: false })]).toEqual([true, false]);
    for (const bad of [{ isAdmin: 'true' }, {}, null, 42]) expect(sentByAdmin(bad)).toBeUndefined();
  });
});

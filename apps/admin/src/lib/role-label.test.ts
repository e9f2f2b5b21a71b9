import { describe, expect, it } from 'vitest';
import { roleLabel } from './role-label';

describe('roleLabel', () => {
  it("writes each role capitalised, as the Users screen does: 'admin' is never shown raw", () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
  });
});

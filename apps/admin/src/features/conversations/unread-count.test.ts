import { describe, expect, it } from 'vitest';
import { nextUnreadCount } from './unread-count';

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

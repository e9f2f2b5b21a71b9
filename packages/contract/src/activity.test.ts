import { describe, expect, it } from 'vitest';
import { activityListQuerySchema, changedFields } from './activity';

describe('changedFields', () => {
  it('lists only the fields whose value changed, with the old and new value', () => {
    expect(changedFields({ title: 'A', price: 100, stock: 3 }, { title: 'B', price: 100, stock: 4 })).toEqual({
      title: { from: 'A', to: 'B' },
      stock: { from: 3, to: 4 },
    });
  });

  it('counts a field on one side only, and compares objects, lists and dates by value', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    expect(
      changedFields(
        { tags: ['a', 'b'], at, extra: { x: 1 } },
        { tags: ['a', 'b'], at: new Date(at.getTime()), extra: { x: 2 }, added: null, more: 0 },
      ),
    ).toEqual({ extra: { from: { x: 1 }, to: { x: 2 } }, more: { from: null, to: 0 } });
    expect(changedFields(null, { a: 1 })).toEqual({ a: { from: null, to: 1 } });
    expect(changedFields({ at }, { at: null })).toEqual({ at: { from: at.toISOString(), to: null } });
  });

  it('never lists a secret nor an omitted field', () => {
    const changes = changedFields(
      { password: 'a', passwordHash: 'h1', tokenHash: 't1', resetToken: 'r', name: 'x', updatedAt: 1 },
      { password: 'b', passwordHash: 'h2', tokenHash: 't2', resetToken: 's', name: 'y', updatedAt: 2 },
      ['updatedAt'],
    );
    expect(changes).toEqual({ name: { from: 'x', to: 'y' } });
  });
});

describe('activityListQuerySchema', () => {
  it('takes no parameters, and names the field it refuses', () => {
    expect(activityListQuerySchema.parse({})).toEqual({});
    const bad = activityListQuerySchema.safeParse({ kind: 'planet' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['kind']);
    const reversed = activityListQuerySchema.safeParse({ from: '2026-11-24', to: '2026-11-01' });
    expect(reversed.error?.issues[0]?.path).toEqual(['from']);
    expect(activityListQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
});

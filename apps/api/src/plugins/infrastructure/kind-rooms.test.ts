import { NOTIFICATION_KINDS, type NotificationKind } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { settleKindRooms } from './kind-rooms';

/** A socket's kind rooms, and the kinds saved in the database, as the join's read and apply see them. */
function admin(saved: NotificationKind[]) {
  const state = { saved, rooms: new Set<NotificationKind>(['order', 'campaign']), reads: 0, open: true };
  const apply = (join: readonly NotificationKind[], leave: readonly NotificationKind[]) => {
    for (const kind of leave) state.rooms.delete(kind);
    for (const kind of join) state.rooms.add(kind);
  };
  /** A change of kinds as chooseKinds makes it: saved, then applied to the socket. */
  const change = (kinds: NotificationKind[]) => {
    state.saved = kinds;
    apply(
      kinds,
      NOTIFICATION_KINDS.filter((kind) => !kinds.includes(kind)),
    );
  };
  return { state, apply, change };
}

describe('settleKindRooms', () => {
  it("puts the socket in exactly the saved kinds' rooms, with one more read to confirm them", async () => {
    const { state, apply } = admin(['stockLow', 'bulk']);
    const read = async () => {
      state.reads++;
      return state.saved;
    };
    expect(await settleKindRooms(read, apply, () => state.open)).toEqual(['stockLow', 'bulk']);
    expect([...state.rooms].sort()).toEqual(['bulk', 'stockLow']);
    expect(state.reads).toBe(2);
  });

  it('keeps a change saved and applied while the first read was under way', async () => {
    const { state, apply, change } = admin(['order']);
    const read = async () => {
      state.reads++;
      const kinds = state.saved;
      // The read's answer is on its way when the admin's change is saved and reaches the socket.
      if (state.reads === 1) change(['campaign']);
      return kinds;
    };
    expect(await settleKindRooms(read, apply, () => state.open)).toEqual(['campaign']);
    expect([...state.rooms]).toEqual(['campaign']);
    expect(state.reads).toBe(3);
  });

  it('applies nothing once the socket has closed', async () => {
    const { state, apply } = admin(['bulk']);
    const read = async () => {
      state.open = false;
      return state.saved;
    };
    await settleKindRooms(read, apply, () => state.open);
    expect([...state.rooms].sort()).toEqual(['campaign', 'order']);
  });

  it('stops reading after five reads when the kinds change at every one', async () => {
    const { state, apply } = admin(['order']);
    const every: NotificationKind[][] = [['order'], ['bulk'], ['campaign'], ['stockLow'], ['stockOut'], ['import']];
    const read = async () => every[state.reads++] ?? ['order'];
    expect(await settleKindRooms(read, apply, () => state.open)).toEqual(['stockOut']);
    expect(state.reads).toBe(5);
    expect([...state.rooms]).toEqual(['stockOut']);
  });
});

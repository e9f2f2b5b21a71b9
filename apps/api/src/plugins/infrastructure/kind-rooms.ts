import { NOTIFICATION_KINDS, type NotificationKind } from '@backroom/contract';

/** How many times the kinds are read at most: a change per read would be an admin clicking non-stop. */
const MAX_READS = 5;

const same = (a: readonly NotificationKind[], b: readonly NotificationKind[]) =>
  a.length === b.length && a.every((kind) => b.includes(kind));

/**
 * Puts a socket in the rooms of exactly the kinds its admin receives (decision 056), read from the
 * database. A change of kinds saved while a read is under way reaches the socket on its own
 * (setNotificationKinds here, the adapter from another instance) and could land before the read's
 * answer, which would then put back the kinds it replaced. So the kinds are read again after each
 * apply, until a read agrees with what was applied: any change whose save the last read missed
 * reaches the socket after that apply. Resolves with the kinds applied last (none applied when the
 * socket closed meanwhile).
 */
export async function settleKindRooms(
  read: () => Promise<readonly NotificationKind[]>,
  apply: (join: readonly NotificationKind[], leave: readonly NotificationKind[]) => void,
  isOpen: () => boolean,
): Promise<readonly NotificationKind[]> {
  let kinds = await read();
  for (let reads = 1; isOpen(); reads++) {
    apply(
      kinds,
      NOTIFICATION_KINDS.filter((kind) => !kinds.includes(kind)),
    );
    if (reads >= MAX_READS) break;
    const again = await read();
    if (same(again, kinds)) break;
    kinds = again;
  }
  return kinds;
}

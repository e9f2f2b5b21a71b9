import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationSubject,
  SIGN_IN_BURST,
} from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import {
  insertNotifications,
  listNotifications,
  lockKey,
  markAllRead,
  markNewRead,
  markRead,
  peekReaderState,
  readerState,
  refusedSignInBurst,
  setReaderKinds,
  unreadCount,
} from './repository';

/** What a producer tells: its kind, a short title, and the ids that open it. */
export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  subject: NotificationSubject;
}

/**
 * THE producer call (docs/decisions/056-notifications.md): stores one notification or several for
 * every admin and rings the bell of each admin who receives the kind, on every instance (the
 * insert's trigger NOTIFYs; realtime.ts tells the sockets). Pass the caller's transaction to ring
 * only if it commits: the stock counting calls
 *   notify(tx, { kind: 'stockOut', title: 'Out of stock: Totoro figure', subject: { productId } })
 * (or 'stockLow') in the order's transaction when a product reaches zero or its threshold.
 * `readBy`: admins for whom they are read from the start (their Messages screen is open).
 */
export async function notify(
  db: DbOrTx,
  input: NotifyInput | readonly NotifyInput[],
  options: { readBy?: readonly string[] } = {},
): Promise<{ id: string }[]> {
  const rows = (Array.isArray(input) ? input : [input]) as NotifyInput[];
  const trimmed = rows.map((r) => ({ ...r, title: r.title.length > 200 ? `${r.title.slice(0, 199)}…` : r.title }));
  const readBy = options.readBy ?? [];
  if (readBy.length === 0) return insertNotifications(db, trimmed);
  return db.transaction(async (tx) => {
    const made = await insertNotifications(tx, trimmed);
    await markNewRead(tx, readBy, made);
    return made;
  });
}

/**
 * What the bell's calls send through the socket (plugins/infrastructure/realtime.ts's Realtime has
 * both). Named here rather than imported: auth rings the bell, and realtime reads auth's sessions.
 */
export interface BellSockets {
  toAdmin(adminId: string, event: string, payload: unknown): void;
  setNotificationKinds(adminId: string, kinds: readonly NotificationKind[]): void;
}

export interface NotificationDeps {
  db: Db;
  realtime: () => BellSockets;
}

const received = (kinds: NotificationKind[] | null): NotificationKind[] =>
  kinds === null ? [...NOTIFICATION_KINDS] : NOTIFICATION_KINDS.filter((k) => kinds.includes(k));

/** The kinds an admin receives: every kind until they choose. */
export async function receivedKinds(db: DbOrTx, adminId: string): Promise<NotificationKind[]> {
  return received((await peekReaderState(db, adminId)).kinds);
}

function cursorOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new HttpError(400, 'before: must be the nextCursor of a page');
  return n;
}

/** GET /api/notifications: newest first, the kinds the admin receives, with the unread count. */
export async function notificationList(db: Db, adminId: string, query: NotificationListQuery) {
  const state = await peekReaderState(db, adminId);
  const kinds = received(state.kinds);
  const rows = await listNotifications(db, adminId, state, kinds, {
    before: cursorOf(query.before),
    limit: query.limit,
  });
  const page = query.limit !== undefined ? rows.slice(0, query.limit) : rows;
  const notifications: Notification[] = page.map((r) => ({
    _id: r.id,
    kind: r.kind,
    at: r.at,
    read: r.read,
    title: r.title,
    subject: r.subject,
  }));
  const nextCursor = query.limit !== undefined && rows.length > query.limit ? (page.at(-1)?.seq ?? null) : null;
  return { notifications, unread: await unreadCount(db, adminId, kinds), nextCursor };
}

/** POST /api/notifications/read-all. */
export async function readAllNotifications(deps: NotificationDeps, adminId: string) {
  await deps.db.transaction((tx) => markAllRead(tx, adminId));
  return told(deps, adminId);
}

/** POST /api/notifications/{id}/read: 404 when no notification has this id. */
export async function readNotification(deps: NotificationDeps, adminId: string, id: string) {
  const found = await deps.db.transaction(async (tx) => {
    const state = await readerState(tx, adminId, true);
    return markRead(tx, adminId, state.readSeq, id);
  });
  if (!found) throw new HttpError(404, 'id: no notification has this id');
  return told(deps, adminId);
}

/** The admin's other tabs (on any instance) refetch their bell; answers the unread count. */
async function told(deps: NotificationDeps, adminId: string) {
  const unread = await unreadCount(deps.db, adminId, await receivedKinds(deps.db, adminId));
  deps.realtime().toAdmin(adminId, NOTIFICATION_EVENTS.read, { unread });
  return { unread };
}

/** PUT /api/notifications/kinds: saved, and the admin's sockets now hear exactly these kinds. */
export async function chooseKinds(deps: NotificationDeps, adminId: string, kinds: readonly NotificationKind[]) {
  const chosen = NOTIFICATION_KINDS.filter((k) => kinds.includes(k));
  await setReaderKinds(deps.db, adminId, chosen);
  deps.realtime().setNotificationKinds(adminId, chosen);
  deps.realtime().toAdmin(adminId, NOTIFICATION_EVENTS.read, {
    unread: await unreadCount(deps.db, adminId, chosen),
  });
  return { kinds: chosen };
}

/**
 * After a refused sign-in on an account: a burst (SIGN_IN_BURST.refusals within its window, from
 * the activity log's refusals) on an admin's account rings once per window. Never throws: a
 * refusal's answer does not depend on the bell.
 */
export async function noteRefusedSignIn(db: Db, userId: string | null, log?: { warn: (o: object, m: string) => void }) {
  if (userId === null) return;
  try {
    await db.transaction(async (tx) => {
      await lockKey(tx, `sign-in-burst:${userId}`);
      const burst = await refusedSignInBurst(tx, userId, SIGN_IN_BURST.refusals, SIGN_IN_BURST.windowMs);
      if (!burst) return;
      const minutes = Math.round(SIGN_IN_BURST.windowMs / 60_000);
      await notify(tx, {
        kind: 'signInBurst',
        title: `${burst.count} refused sign-ins on ${burst.name || burst.email}'s account within ${minutes} minutes`,
        subject: { adminId: userId },
      });
    });
  } catch (err) {
    log?.warn({ err }, 'notifications: could not check a sign-in burst');
  }
}

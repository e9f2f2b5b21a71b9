/*
 * What the shell reads of the notifications without their schemas, apart from notifications.ts: the
 * bell's socket events (the socket, on every signed-in screen's first load, sends one), its calls'
 * paths and page size, and its accessible name. Importing notifications.ts for them built the
 * bell's schemas, common.ts's request rules and zod as the shell loaded
 * (docs/decisions/058-lighthouse-on-a-phone.md).
 */

/** Socket events (to the admins who receive the kind; to one admin's sockets for reads). */
export const NOTIFICATION_EVENTS = {
  /** New notifications of a kind (payload { kind, count }): the bell refetches. */
  created: 'notificationsCreated',
  /** The admin read one or all (on another tab, or another instance): the bell refetches. */
  read: 'notificationsRead',
  /** From the Messages screen: { open: boolean }. While open, customer messages do not ring its admin. */
  messagesOpen: 'messagesOpen',
} as const;

export const NOTIFICATION_LIMITS = { maxPageSize: 200, pageSize: 20 } as const;

/** The bell's calls. */
export const NOTIFICATION_PATHS = {
  /** GET: the admin's notifications newest first, with the unread count. */
  list: '/api/notifications',
  /** POST: every notification read, for the calling admin. */
  readAll: '/api/notifications/read-all',
  /** POST: one notification read, for the calling admin (when it is opened). */
  read: '/api/notifications/:id/read',
  /** GET / PUT: the kinds the calling admin receives. */
  kinds: '/api/notifications/kinds',
} as const;

export function notificationReadPath(id: string): string {
  return NOTIFICATION_PATHS.read.replace(':id', encodeURIComponent(id));
}

/** The bell's accessible name: 'Notifications' or 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

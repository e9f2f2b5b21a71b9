/*
 * The bell's socket events, apart from notifications.ts: the socket (on every signed-in screen's
 * first load) sends one, and importing notifications.ts for it built the bell's schemas and
 * common.ts's request rules as the shell loaded (docs/decisions/058-lighthouse-on-a-phone.md).
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

/** The spec's constants (spec 1 section 9, spec 2 section 9), written once. */

/** Below this window width the sidebar collapses and lists default to a grid. */
export const NARROW_WIDTH_PX = 768;

/** Notifications close by themselves after this long. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

/** Keys in the browser's local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  sidebarOrder: 'admin_sidebar_order',
  categories: 'admin_categories',
  options: 'admin_options',
} as const;

/** The header that carries the session token on every call. */
export const TOKEN_HEADER = 'token';

/** Socket.io reconnection: retries without limit, delay 1000 to 5000 ms, timeout 20000 ms. */
export const REALTIME = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

/** Realtime and browser event names. */
export const EVENTS = {
  joinAdminGlobal: 'joinAdminGlobal',
  newMessage: 'newMessage',
  join: 'join',
  /** Browser-wide window event whose detail holds { count }. */
  adminUnreadUpdated: 'adminUnreadUpdated',
} as const;

/** Currency symbol shown before every amount. */
export const CURRENCY = '$';

/** Default page size of lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Roles a user account can hold. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

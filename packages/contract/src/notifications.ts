import { z } from 'zod';
import { queryParam, textSchema, wholeQueryParam } from './common';
import { isObjectId } from './domain/object-id';
import { NOTIFICATION_LIMITS } from './notification-events';

/*
 * The bell (issue 24; docs/decisions/056-notifications.md): what needs the staff, newest first,
 * kept in the database with a read state per admin, sent live to every admin who receives its kind.
 * The word is `notifications` on every layer; the e-mails sent to customers are `campaigns`.
 */

/** What a notification is about. The two stock kinds are produced by the stock counting (issue 24). */
export const NOTIFICATION_KINDS = [
  /** A new order: from the storefront, the back-office, or written straight into the database. */
  'order',
  /** A customer's new conversation or message, while the admin does not have Messages open. */
  'conversation',
  /** A product reached its low-stock threshold. */
  'stockLow',
  /** A product's stock reached zero. */
  'stockOut',
  /** An e-mail campaign finished sending, with its failures. */
  'campaign',
  /** A bulk job finished (or failed). */
  'bulk',
  /** A products CSV import finished (or failed). */
  'import',
  /** A burst of refused sign-ins on an admin's account. */
  'signInBurst',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds' names in the account menu's choice. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  order: 'New orders',
  conversation: 'Customer messages',
  stockLow: 'Low stock',
  stockOut: 'Out of stock',
  campaign: 'E-mail campaigns finished',
  bulk: 'Bulk jobs finished',
  import: 'Product imports finished',
  signInBurst: 'Refused sign-in bursts',
};

/**
 * A refused sign-in burst: this many refusals on one admin's account (the activity log's
 * signInRefused entries) within the window make one notification, and none again for that
 * account until a whole window has passed since it.
 */
export const SIGN_IN_BURST = { refusals: 5, windowMs: 15 * 60_000 } as const;

/** What a notification is about: the ids that open it, each present when it applies. */
export const notificationSubjectSchema = z.object({
  orderId: z.string().optional(),
  conversationId: z.string().optional(),
  productId: z.string().optional(),
  campaignId: z.string().optional(),
  jobId: z.string().optional(),
  /** The admin whose account saw the refused sign-ins. */
  adminId: z.string().optional(),
});
export type NotificationSubject = z.infer<typeof notificationSubjectSchema>;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** ISO timestamp. */
  at: z.string(),
  read: z.boolean(),
  /** A short line saying what happened ('New order from Ada Lovelace: $42.00'). */
  title: z.string(),
  subject: notificationSubjectSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

const cursorSchema = textSchema().regex(/^[1-9][0-9]{0,17}$/, 'must be the nextCursor of a page');

/**
 * GET /api/notifications. Without parameters the whole list (as the spec's calls); with limit one
 * page, and `before` the nextCursor of the page before. Only the kinds the admin receives.
 */
export const notificationListQuerySchema = z.strictObject({
  before: queryParam(cursorSchema),
  limit: wholeQueryParam(NOTIFICATION_LIMITS.maxPageSize),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  /** Unread notifications of the kinds the admin receives, over the whole list. */
  unread: z.number().int().nonnegative(),
  /** Pass as 'before' for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationParamsSchema = z.strictObject({
  id: textSchema().refine(isObjectId, { message: 'must be a 24-character hex id' }),
});

/** The answer to a read: the unread count after it. */
export const notificationReadResponseSchema = z.object({
  success: z.literal(true),
  unread: z.number().int().nonnegative(),
});
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

/** PUT /api/notifications/kinds: the kinds the admin receives (any subset, none included). */
export const notificationKindsRequestSchema = z.strictObject({
  kinds: z
    .array(z.enum(NOTIFICATION_KINDS, { error: `must be one of ${NOTIFICATION_KINDS.join(', ')}` }))
    .max(NOTIFICATION_KINDS.length * 2, 'has too many entries'),
});
export type NotificationKindsRequest = z.infer<typeof notificationKindsRequestSchema>;

export const notificationKindsResponseSchema = z.object({
  success: z.literal(true),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
});
export type NotificationKindsResponse = z.infer<typeof notificationKindsResponseSchema>;

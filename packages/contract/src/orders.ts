import { z } from 'zod';
import { objectIdSchema, textSchema } from './common';
import { ORDER_DELIVERY_FILTERS, ORDER_LIMITS, ORDER_SEARCH_FIELDS, ORDER_STATUSES } from './constants';
import { API_PATHS } from './routes';

/*
 * The order calls of spec 2 section 7. Orders are written by the storefront; the back-office
 * lists them, changes their status and deletes them. Money travels as dollars (two decimals)
 * and is kept and added up as integer cents on the server.
 */

/** Trimmed text that may be left out; blank counts as left out. */
const optionalText = (max: number) =>
  textSchema({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value ? value : undefined));

/** A calendar day, YYYY-MM-DD (UTC days: docs/decisions/012-orders-and-rollups.md). */
export const isoDateSchema = textSchema({ error: 'must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real date');

const wholeNumber = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/**
 * POST /api/order/list. An empty body answers every order, as the spec's call does; any field
 * makes the server search, filter and page. Newest first. searchBy 'dateRange' needs both
 * dates (inclusive); the other search fields match `search` as a case-insensitive substring.
 */
export const orderListRequestSchema = z
  .strictObject({
    searchBy: z.enum(ORDER_SEARCH_FIELDS, { error: `must be one of ${ORDER_SEARCH_FIELDS.join(', ')}` }).optional(),
    search: optionalText(ORDER_LIMITS.searchMax).optional(),
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
    delivery: z
      .enum(ORDER_DELIVERY_FILTERS, { error: `must be one of ${ORDER_DELIVERY_FILTERS.join(', ')}` })
      .optional(),
    page: wholeNumber(1_000_000).optional(),
    pageSize: wholeNumber(ORDER_LIMITS.maxPageSize).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.searchBy !== 'dateRange') return;
    if (!value.startDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'is required for a date range' });
    if (!value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'is required for a date range' });
    if (value.startDate && value.endDate && value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    }
  });
export type OrderListRequest = z.output<typeof orderListRequestSchema>;

/** One line of an order as the API answers it. */
export const orderItemSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  /** The item's image URL (the first when the storefront stored several), or null. */
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price in dollars. */
  unitPrice: z.number(),
  /** The spec's color value 'color|size'; either part may be the text 'null' (domain/order-items.ts parses it). */
  color: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** One status change, as the order details show it. */
export const orderStatusChangeSchema = z.object({
  /** The change's id: the history call's `before` cursor. */
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO timestamp. */
  at: z.string(),
  /** The admin who made the change (null when the storefront did, or the admin is gone). */
  by: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  discountCode: z.string().nullable(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** An order (spec 2 section 3). */
export const orderSchema = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  items: z.array(orderItemSchema),
  address: orderAddressSchema,
  /** Dollars: the stored amount, or the sum of unit price x quantity when the order has none. */
  amount: z.number(),
  /** Sum of the items' quantities. */
  itemCount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment: z.boolean(),
  paymentMethod: z.string(),
  /** ISO timestamp of when the order was placed. */
  date: z.string(),
  trackingNumber: z.string().nullable(),
  discountCode: z.string().nullable(),
  /**
   * The latest status change, or null when none was recorded. Lists carry this one only; the
   * whole history comes from GET /api/order/{id}/history (docs/decisions/019-order-history.md).
   */
  lastStatusChange: orderStatusChangeSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  /** How many orders match (all of them with an empty body). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().nonnegative(),
  message: z.string().optional(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/**
 * POST /api/order/status. trackingNumber is kept only for Shipped and discountCode only for
 * Delivered, both trimmed; sent with another status they are ignored.
 */
export const orderStatusRequestSchema = z.strictObject({
  orderId: objectIdSchema,
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
  trackingNumber: optionalText(ORDER_LIMITS.trackingNumberMax).nullish(),
  discountCode: optionalText(ORDER_LIMITS.discountCodeMax).nullish(),
});
export type OrderStatusRequest = z.output<typeof orderStatusRequestSchema>;

export const orderStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** The most status changes one history call answers, and how many it answers by default. */
export const ORDER_HISTORY_PAGE_SIZE = 100;

/** GET /api/order/{id}/history: the order's id. */
export const orderHistoryParamsSchema = z.strictObject({ id: objectIdSchema });

/** An optional query parameter; empty means not set. */
const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * GET /api/order/{id}/history?before=&limit=: the order's status changes, newest first, at most
 * `limit` (1 to 100, default 100) at a time. `before` is the id of the last change received (the
 * answer's `next`): the call then answers the changes older than it, so a change made meanwhile
 * never shifts the pages (docs/decisions/019-order-history.md).
 */
export const orderHistoryQuerySchema = z.strictObject({
  before: queryParam(objectIdSchema),
  limit: queryParam(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(ORDER_HISTORY_PAGE_SIZE, `must be at most ${ORDER_HISTORY_PAGE_SIZE}`),
  ),
});
export type OrderHistoryQuery = z.output<typeof orderHistoryQuerySchema>;

export const orderHistoryResponseSchema = z.object({
  success: z.literal(true),
  /** Newest first. */
  history: z.array(orderStatusChangeSchema),
  /** How many status changes the order has in all. */
  total: z.number().int().nonnegative(),
  /** The `before` that asks for the next, older changes; null once the oldest has been answered. */
  next: z.string().nullable(),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

/** The history call's URL for an order: GET /api/order/{id}/history, with `before` and `limit` when given. */
export function orderHistoryPath(id: string, query: { before?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (query.before) params.set('before', query.before);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const path = API_PATHS.orderHistory.replace(':id', encodeURIComponent(id));
  return params.size > 0 ? `${path}?${params}` : path;
}

/** POST /api/order/delete. */
export const orderDeleteRequestSchema = z.strictObject({ orderId: objectIdSchema });
export type OrderDeleteRequest = z.output<typeof orderDeleteRequestSchema>;

/** The realtime ordersUpdated event, to admins after a status change, a delete, or a storefront order ('placed'). */
export const ordersUpdatedEventSchema = z.object({
  action: z.enum(['statusChanged', 'deleted', 'placed']),
  id: z.string(),
});
export type OrdersUpdatedEvent = z.infer<typeof ordersUpdatedEventSchema>;

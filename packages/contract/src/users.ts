import { z } from 'zod';
import { objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import { ROLES } from './constants';
import { orderAddressSchema, orderSchema } from './orders';
import type { API_PATHS } from './routes';

/** Paging limits of the user list (GET /api/user/all with page and pageSize). */
export const USER_LIMITS = { maxPageSize: 100 } as const;

/** A user as the Users screen and the pickers read it (spec 2 section 3, User). */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The role filter: All Roles (empty), Admins, Users. */
export const USER_ROLE_FILTERS = ['admin', 'user'] as const;

/**
 * GET /api/user/all. Without parameters every user, admins first then newest, as the spec's call
 * does; with any of them one page plus the total (the product list's shape).
 */
export const userListQuerySchema = z.strictObject({
  /** Case-insensitive substring of the name or the e-mail. */
  q: queryParam(textSchema().trim().max(100, 'is too long')),
  role: queryParam(z.enum(USER_ROLE_FILTERS, { error: `must be one of ${USER_ROLE_FILTERS.join(', ')}` })),
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(USER_LIMITS.maxPageSize),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(userSchema),
  /** How many users match (all of them without parameters). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** POST /api/user/role: { userId, role } -> 'User role updated to {role}'. */
export const userRoleRequestSchema = z.strictObject({
  userId: objectIdSchema,
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
});
export type UserRoleRequest = z.infer<typeof userRoleRequestSchema>;

/** What a role change answers: 'User role updated to {role}'. */
export const userRoleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type UserRoleResponse = z.infer<typeof userRoleResponseSchema>;

/**
 * GET /api/user/stats: the Users screen's tiles, from the server's counters and rollups (never
 * from summing pages). Active Users is the number of customers with at least one order (spec 2
 * section 9: distinct userIds among orders). Revenue in dollars, added up in cents.
 */
export const userStatsResponseSchema = z.object({
  success: z.literal(true),
  totalUsers: z.number().int().nonnegative(),
  activeUsers: z.number().int().nonnegative(),
  totalOrders: z.number().int().nonnegative(),
  totalRevenue: z.number(),
});
export type UserStatsResponse = z.infer<typeof userStatsResponseSchema>;

/** A user's id in the path: DELETE /api/user/{id}, /api/user/{id}/summary, /orders, /addresses. */
export const userParamsSchema = z.strictObject({ id: objectIdSchema });

/** One of the products a user ordered most (by quantity over all their orders' items). */
export const topProductSchema = z.object({
  /** The product's id when the order line carried one. */
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** GET /api/user/{id}/summary: the User details modal. */
export const userSummaryResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  stats: z.object({
    orders: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    /** Dollars. */
    totalSpent: z.number(),
    /** Dollars: total spent over the number of orders, 0 without orders. */
    averageOrder: z.number(),
    /** ISO timestamp of the latest order, or null. */
    lastOrderAt: z.string().nullable(),
  }),
  /** At most 3, most ordered first; empty when the user has no orders ('No orders yet'). */
  topProducts: z.array(topProductSchema),
});
export type UserSummaryResponse = z.infer<typeof userSummaryResponseSchema>;

/** Paging limits of a user's orders (GET /api/user/{id}/orders). */
export const USER_ORDER_LIMITS = { defaultPageSize: 10, maxPageSize: 100, searchMax: 100 } as const;

/**
 * GET /api/user/{id}/orders?q=&page=&pageSize=: the user's orders, undelivered first then newest;
 * q matches the order id, an item's name, the status or the amount (case-insensitive substring).
 */
export const userOrdersQuerySchema = z.strictObject({
  q: queryParam(textSchema().trim().max(USER_ORDER_LIMITS.searchMax, 'is too long')),
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(USER_ORDER_LIMITS.maxPageSize),
});
export type UserOrdersQuery = z.output<typeof userOrdersQuerySchema>;

export const userOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  /** How many of the user's orders match. */
  total: z.number().int().nonnegative(),
  /** Dollars: the matching orders' amounts added up. */
  totalSpent: z.number(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type UserOrdersResponse = z.infer<typeof userOrdersResponseSchema>;

/** A distinct address of a user's orders (Contact Information). */
export const userAddressSchema = z.object({
  /** addressKey(address): what the browser keeps to hide a removed address. */
  key: z.string(),
  address: orderAddressSchema,
  /** ISO timestamp of the latest order sent there. */
  lastUsed: z.string(),
  /** 'Used in N order(s)'. */
  orders: z.number().int().positive(),
});
export type UserAddress = z.infer<typeof userAddressSchema>;

/** GET /api/user/{id}/addresses: newest first. */
export const userAddressesResponseSchema = z.object({
  success: z.literal(true),
  addresses: z.array(userAddressSchema),
});
export type UserAddressesResponse = z.infer<typeof userAddressesResponseSchema>;

/** The realtime usersUpdated event, to admins after a role change, a deletion, a new or edited admin. */
export const usersUpdatedEventSchema = z.object({
  action: z.enum(['roleChanged', 'deleted', 'created', 'updated']),
  id: z.string(),
});
export type UsersUpdatedEvent = z.infer<typeof usersUpdatedEventSchema>;

/** A path of API_PATHS with its :id filled in, and the query when given (empty values left out). */
export function userPath(
  path: (typeof API_PATHS)['user' | 'userSummary' | 'userOrders' | 'userAddresses'],
  id: string,
  query: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const filled = path.replace(':id', encodeURIComponent(id));
  return params.size > 0 ? `${filled}?${params}` : filled;
}

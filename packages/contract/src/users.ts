import { z } from 'zod';
import { objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import { ROLES } from './constants';

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

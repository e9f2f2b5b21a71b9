import {
  API_PATHS,
  MESSAGES,
  messageResponseSchema,
  type Role,
  type UserListQuery,
  userAddressesResponseSchema,
  userListResponseSchema,
  userOrdersResponseSchema,
  userPath,
  userRoleResponseSchema,
  userStatsResponseSchema,
  userSummaryResponseSchema,
  wishlistResponseSchema,
} from '@backroom/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ApiError, serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { accountKeys, invalidate, queryKeys } from '../../lib/query-keys';

/** How many of a user's orders the Order History loads at a time ('Load more' asks for the next). */
export const HISTORY_PAGE_SIZE = 20;

/**
 * The Users screen's calls (spec 2 section 8): without a stored token, 'No authentication token
 * found. Please log in again.' and /login; a refused token is the api client's (401 or 403).
 */
const USERS = { noToken: 'end-session' } as const;

/** Whether a failure ended the session: its own message is shown, not the call's. */
export function endedSession(error: unknown): boolean {
  return error instanceof ApiError && error.endsSession;
}

/** The list's query string: only what is set. */
function listPath(query: UserListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.size > 0 ? `${API_PATHS.userAll}?${params}` : API_PATHS.userAll;
}

/** GET /api/user/all with q, role, page and pageSize: one page, admins first then newest. */
export const userListQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => apiRequest(listPath(query), { ...USERS, schema: userListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useUserList(query: UserListQuery) {
  return useQuery(userListQueryOptions(query));
}

/** GET /api/user/stats: the tiles. */
export function useUserStats() {
  return useQuery({
    queryKey: queryKeys.users.detail('stats'),
    queryFn: ({ signal }) => apiRequest(API_PATHS.userStats, { ...USERS, schema: userStatsResponseSchema, signal }),
  });
}

/** GET /api/user/{id}/summary: the User details modal. */
export function useUserSummary(id: string) {
  return useQuery({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(userPath(API_PATHS.userSummary, id), { ...USERS, schema: userSummaryResponseSchema, signal }),
  });
}

/** GET /api/user/{id}/orders: HISTORY_PAGE_SIZE at a time, searched by the server. */
export const userOrdersQueryOptions = (id: string, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.part(id, 'orders', { q }),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(userPath(API_PATHS.userOrders, id, { q, page: pageParam, pageSize: HISTORY_PAGE_SIZE }), {
        ...USERS,
        schema: userOrdersResponseSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export function useUserOrders(id: string, q: string) {
  return useInfiniteQuery(userOrdersQueryOptions(id, q));
}

/** GET /api/user/{id}/addresses: the Contact Information modal. */
export function useUserAddresses(id: string) {
  return useQuery({
    queryKey: queryKeys.users.part(id, 'addresses'),
    queryFn: ({ signal }) =>
      apiRequest(userPath(API_PATHS.userAddresses, id), { ...USERS, schema: userAddressesResponseSchema, signal }),
  });
}

/** POST /api/wishlist/user: the Wishlist modal. */
export function useWishlist(userId: string) {
  return useQuery({
    queryKey: queryKeys.users.part(userId, 'wishlist'),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.wishlistUser, {
        ...USERS,
        method: 'POST',
        body: { userId },
        schema: wishlistResponseSchema,
        signal,
      }),
  });
}

/** POST /api/user/role: 'User role updated to {role}', else the server's message or 'Failed to update user role'. */
export function useChangeRole({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { userId: string; role: Role }) =>
      apiRequest(API_PATHS.userRole, {
        ...USERS,
        method: 'POST',
        body: request,
        schema: userRoleResponseSchema,
        failureToast: MESSAGES.updateRoleFailed,
      }),
    onSuccess: (answer) => {
      // Admin Management and its two-factor table list the admins among the users.
      void invalidate(queryClient, accountKeys);
      notifySuccess(answer.message);
    },
    onSettled: () => onSettled?.(),
  });
}

/** POST /api/wishlist/clear: 'Wishlist cleared', else the server's message or 'Failed to clear wishlist'. */
export function useClearWishlist({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(API_PATHS.wishlistClear, {
        ...USERS,
        method: 'POST',
        body: { userId },
        schema: messageResponseSchema,
        failureToast: MESSAGES.clearWishlistFailed,
      }),
    onSuccess: (_answer, userId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.part(userId, 'wishlist') });
      notifySuccess(MESSAGES.wishlistCleared);
      onSuccess?.();
    },
  });
}

/**
 * DELETE /api/user/{id}: 'User deleted successfully'. Spec 2 section 8: on this call only a 401
 * ends the session; a 403 shows the server's message like any refusal, and a server nobody answers
 * for says 'Cannot connect to the server...'; else the server's message or 'Failed to delete user'.
 */
export function useDeleteUser({ onSuccess }: { onSuccess?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(userPath(API_PATHS.user, id), {
        ...USERS,
        method: 'DELETE',
        schema: messageResponseSchema,
        forbiddenEndsSession: false,
        unreachableMessage: MESSAGES.cannotConnect,
      }),
    onSuccess: (_answer, id) => {
      // Admin Management and its two-factor table list the admins among the users.
      void invalidate(queryClient, accountKeys);
      notifySuccess(MESSAGES.userDeleted);
      onSuccess?.(id);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notifyError(serverMessageOr(error, MESSAGES.deleteUserFailed));
    },
  });
}

import { API_PATHS, messageResponseSchema, userInfoResponseSchema } from '@backroom/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { endSession } from '../../lib/session';

/** GET /api/user/info: who is signed in. A failure is swallowed; the top bar greets 'Admin' then. */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.detail('user-info'),
    queryFn: ({ signal }) => apiRequest(API_PATHS.userInfo, { schema: userInfoResponseSchema, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

/** POST /api/user/logout with the token; whatever its result, the session ends here and /login opens. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest(API_PATHS.logout, { method: 'POST', schema: messageResponseSchema }),
    onSettled: () => endSession(),
  });
}

import { API_PATHS, type MessageResponse, type UserInfoResponse } from '@backroom/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { endSession } from '../../lib/session';

/*
 * The shell's calls, on every signed-in first screen: their answers are read unparsed (api-client's
 * UnparsedOptions), so the shell's first load carries no schema.
 */

/** GET /api/user/info: who is signed in. A failure is swallowed; the top bar greets 'Admin' then. */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.detail('user-info'),
    queryFn: ({ signal }) => apiRequest<UserInfoResponse>(API_PATHS.userInfo, { parse: false, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

/** POST /api/user/logout with the token; whatever its result (not read), the session ends here and /login opens. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>(API_PATHS.logout, { method: 'POST', parse: false }),
    onSettled: () => endSession(),
  });
}

import {
  API_PATHS,
  type LoginChallengeResponse,
  type LoginRequest,
  loginAnswerSchema,
  MESSAGES,
  messageResponseSchema,
  userInfoResponseSchema,
} from '@backroom/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { clearNotifications, notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { endSession } from '../../lib/session';
import { setToken } from '../../lib/token-storage';

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

interface Callbacks {
  onSuccess?: () => void;
  /** A right password that needs a second step (two-factor sign-in): no token yet. */
  onChallenge?: (challenge: LoginChallengeResponse) => void;
}

/**
 * POST /api/user/admin. On success the token is stored and 'Logged in successfully!' shown, then the
 * caller's onSuccess runs; on failure the server's message, else 'Login failed' or 'Server error'.
 * With two-factor sign-in the answer is a challenge instead, handed to onChallenge.
 */
export function useLoginMutation({ onSuccess, onChallenge }: Callbacks = {}) {
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest(API_PATHS.login, { method: 'POST', body: credentials, schema: loginAnswerSchema, anonymous: true }),
    onSuccess: (answer) => {
      if (!('token' in answer)) {
        clearNotifications();
        onChallenge?.(answer);
        return;
      }
      setToken(answer.token);
      clearNotifications();
      notifySuccess(MESSAGES.loggedIn);
      onSuccess?.();
    },
    onError: (error) => notifyError(errorMessage(error, MESSAGES.loginFailed)),
  });
}

/** POST /api/user/logout with the token; whatever its result, the session ends here and /login opens. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest(API_PATHS.logout, { method: 'POST', schema: messageResponseSchema }),
    onSettled: () => endSession(),
  });
}

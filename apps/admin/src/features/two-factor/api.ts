import {
  adminTwoFactorListResponseSchema,
  type DisableTwoFactorRequest,
  type LoginChallengeResponse,
  loginResponseSchema,
  MESSAGES,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  twoFactorAdminPath,
  twoFactorLoginConfirmResponseSchema,
  twoFactorRequirementResponseSchema,
  twoFactorRequirementStateSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@backroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ApiError, errorMessage } from '../../lib/api-error';
import { clearNotifications, notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { setToken } from '../../lib/token-storage';

/*
 * Two-factor sign-in (docs/decisions/038-two-factor-sign-in.md): the signed-in admin's own set-up
 * and switch-off, Admin Management's requirement, and the login's second step.
 */

const FAILED = 'Two-factor sign-in could not be changed';

/** A failed call's toast, unless the session ended (that says so itself). */
function toastError(error: unknown) {
  if (error instanceof ApiError && error.endsSession) return;
  notifyError(errorMessage(error, FAILED));
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twoFactor.detail('status'),
    queryFn: async ({ signal }) =>
      (await apiRequest(TWO_FACTOR_PATHS.status, { schema: twoFactorStatusResponseSchema, signal })).twoFactor,
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

/** POST /api/two-factor/setup: a new secret, waiting for its first code. */
export function useStartSetup() {
  return useMutation({
    mutationFn: () => apiRequest(TWO_FACTOR_PATHS.setup, { method: 'POST', schema: twoFactorSetupResponseSchema }),
    onError: toastError,
  });
}

interface Callbacks<T> {
  onSuccess?: (value: T) => void;
}

/** POST /api/two-factor/enable; the state is read again, then the caller gets the recovery codes. */
export function useEnableTwoFactor({ onSuccess }: Callbacks<string[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(TWO_FACTOR_PATHS.enable, { method: 'POST', body: { code }, schema: recoveryCodesResponseSchema }),
    onSuccess: async ({ message, recoveryCodes }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor.detail('status') });
      notifySuccess(message);
      onSuccess?.(recoveryCodes);
    },
    onError: toastError,
  });
}

/** POST /api/two-factor/disable. */
export function useDisableTwoFactor({ onSuccess }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorRequest) =>
      apiRequest(TWO_FACTOR_PATHS.disable, { method: 'POST', body, schema: messageResponseSchema }),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor.detail('status') });
      notifySuccess(message);
      onSuccess?.();
    },
    onError: toastError,
  });
}

export const twoFactorRequirementQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twoFactor.detail('requirement'),
    queryFn: async ({ signal }) =>
      (await apiRequest(TWO_FACTOR_PATHS.requirement, { schema: twoFactorRequirementStateSchema, signal })).required,
  });

export function useTwoFactorRequirement() {
  return useQuery(twoFactorRequirementQueryOptions());
}

/** PUT /api/settings/two-factor: saved at once, like the other Admin Management settings. */
export function useSetTwoFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      apiRequest(TWO_FACTOR_PATHS.requirement, {
        method: 'PUT',
        body: { required },
        schema: twoFactorRequirementResponseSchema,
      }),
    onSuccess: ({ required, message }) => {
      queryClient.setQueryData(queryKeys.twoFactor.detail('requirement'), required);
      void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor.detail('status') });
      notifySuccess(message);
    },
    onError: toastError,
  });
}

export const adminsTwoFactorQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twoFactor.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest(TWO_FACTOR_PATHS.admins, { schema: adminTwoFactorListResponseSchema, signal })).admins,
  });

export function useAdminsTwoFactor() {
  return useQuery(adminsTwoFactorQueryOptions());
}

/** DELETE /api/two-factor/admins/{id}: another admin's two-factor sign-in off. */
export function useResetAdminTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(twoFactorAdminPath(id), { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor.lists() });
      notifySuccess(message);
    },
    onError: toastError,
  });
}

/** The login's second step: signed in once the token is kept. */
function signedIn(token: string) {
  setToken(token);
  clearNotifications();
  notifySuccess(MESSAGES.loggedIn);
}

/** The challenge ran out or was used: the admin starts again from the password. */
export const isChallengeGone = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === TWO_FACTOR_MESSAGES.challengeExpired;

interface LoginStepCallbacks<T> {
  onSuccess: (value: T) => void;
  /** The challenge is no longer good: back to the password. */
  onRestart: () => void;
}

function loginStepError(onRestart: () => void) {
  return (error: unknown) => {
    notifyError(errorMessage(error, MESSAGES.loginFailed));
    if (isChallengeGone(error)) onRestart();
  };
}

/** POST /api/user/admin/two-factor: the code (or a recovery code) after the password. */
export function useLoginCode(challenge: LoginChallengeResponse, { onSuccess, onRestart }: LoginStepCallbacks<void>) {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(TWO_FACTOR_PATHS.loginCode, {
        method: 'POST',
        body: { challenge: challenge.challenge, code },
        schema: loginResponseSchema,
        anonymous: true,
      }),
    onSuccess: ({ token }) => {
      signedIn(token);
      onSuccess();
    },
    onError: loginStepError(onRestart),
  });
}

/** POST /api/user/admin/two-factor/setup: the required set-up's secret. */
export function useLoginSetup(
  challenge: LoginChallengeResponse,
  { onRestart }: Pick<LoginStepCallbacks<void>, 'onRestart'>,
) {
  return useMutation({
    mutationFn: () =>
      apiRequest(TWO_FACTOR_PATHS.loginSetup, {
        method: 'POST',
        body: { challenge: challenge.challenge },
        schema: twoFactorSetupResponseSchema,
        anonymous: true,
      }),
    onError: loginStepError(onRestart),
  });
}

/** POST /api/user/admin/two-factor/setup/confirm: signed in, with the recovery codes to show once. */
export function useLoginSetupConfirm(
  challenge: LoginChallengeResponse,
  { onSuccess, onRestart }: LoginStepCallbacks<string[]>,
) {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(TWO_FACTOR_PATHS.loginSetupConfirm, {
        method: 'POST',
        body: { challenge: challenge.challenge, code },
        schema: twoFactorLoginConfirmResponseSchema,
        anonymous: true,
      }),
    onSuccess: ({ token, recoveryCodes }) => {
      signedIn(token);
      notifySuccess(TWO_FACTOR_MESSAGES.enabled);
      onSuccess(recoveryCodes);
    },
    onError: loginStepError(onRestart),
  });
}

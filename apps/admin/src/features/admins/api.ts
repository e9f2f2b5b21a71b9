import {
  ADMIN_MESSAGES,
  API_PATHS,
  adminListResponseSchema,
  adminPath,
  EVENTS,
  MESSAGES,
  type RegisterAdminRequest,
  registerAdminResponseSchema,
  type UpdateAdminRequest,
  updateAdminResponseSchema,
  userRoleRequestSchema,
  userRoleResponseSchema,
} from '@backroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { accountKeys, invalidate, queryKeys } from '../../lib/query-keys';
import { onAdminBroadcasts } from '../../lib/socket';

/** GET /api/admin/list. A failure is only logged (spec 2 section 8); the table shows it in place. */
export const adminListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admins.list(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.adminList, {
          schema: adminListResponseSchema,
          signal,
          failureLog: MESSAGES.fetchAdminsFailed,
        })
      ).admins,
  });

export function useAdminList() {
  return useQuery(adminListQueryOptions());
}

/** Follows usersUpdated (a new, edited, promoted, demoted or deleted account) from any admin. */
export function useAdminEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.usersUpdated], () => {
        void invalidate(queryClient, accountKeys);
      }),
    [queryClient],
  );
}

/** POST /api/user/register: 'New admin user created successfully', else the server's message or 'Failed to create admin user'. */
export function useCreateAdmin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RegisterAdminRequest) =>
      apiRequest(API_PATHS.userRegister, {
        method: 'POST',
        body: request,
        schema: registerAdminResponseSchema,
        failureToast: MESSAGES.createAdminFailed,
      }),
    onSuccess: () => {
      // The Users screen and the two-factor table show the admins too.
      void invalidate(queryClient, accountKeys);
      notifySuccess(MESSAGES.adminCreated);
      onSuccess?.();
    },
  });
}

/** PUT /api/admin/{id}: the edit button's call, an admin's name and e-mail. */
export function useUpdateAdmin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminRequest & { id: string }) =>
      apiRequest(adminPath(id), {
        method: 'PUT',
        body,
        schema: updateAdminResponseSchema,
        failureToast: ADMIN_MESSAGES.updateAdminFailed,
      }),
    onSuccess: ({ message }) => {
      // The Users screen and the two-factor table show the admins too.
      void invalidate(queryClient, accountKeys);
      notifySuccess(message);
      onSuccess?.();
    },
  });
}

/**
 * Remove admin: POST /api/user/role with role 'user' (the Users screen's call). Its guard rails
 * (not oneself, never the last admin) answer 409 with a message, shown as it is.
 */
export function useRemoveAdmin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(API_PATHS.userRole, {
        method: 'POST',
        body: userRoleRequestSchema.parse({ userId, role: 'user' }),
        schema: userRoleResponseSchema,
        failureToast: MESSAGES.updateRoleFailed,
      }),
    onSuccess: ({ message }) => {
      void invalidate(queryClient, accountKeys);
      notifySuccess(message);
      onSuccess?.();
    },
  });
}

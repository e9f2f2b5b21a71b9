import { NOTIFICATION_PATHS, type NotificationKind, notificationKindsResponseSchema } from '@backroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { invalidate, queryKeys } from '../../lib/query-keys';

/* The kinds dialog's calls (opened from the bell's panel); the bell's own are in bell-api.ts. */

const kindsKey = queryKeys.notifications.detail('kinds');

/** GET /api/notifications/kinds. */
export function useNotificationKinds(enabled: boolean) {
  return useQuery({
    queryKey: kindsKey,
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.kinds, { schema: notificationKindsResponseSchema, signal }),
    enabled,
  });
}

/** PUT /api/notifications/kinds; the bell then shows those kinds only. */
export function useSaveNotificationKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: NotificationKind[]) =>
      apiRequest(NOTIFICATION_PATHS.kinds, { method: 'PUT', body: { kinds }, schema: notificationKindsResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(kindsKey, answer);
      return invalidate(queryClient, [queryKeys.notifications.lists()]);
    },
  });
}

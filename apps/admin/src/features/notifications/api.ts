import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_PATHS,
  type NotificationKind,
  notificationKindsResponseSchema,
  notificationListResponseSchema,
  notificationReadPath,
  notificationReadResponseSchema,
} from '@backroom/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { invalidate, queryKeys } from '../../lib/query-keys';
import { onAdminBroadcasts } from '../../lib/socket';

const pageSize = NOTIFICATION_LIMITS.pageSize;

/** GET /api/notifications: the newest page, then older ones by keyset ('Load more'). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list({ pageSize }),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest(`${NOTIFICATION_PATHS.list}?${params}`, { schema: notificationListResponseSchema, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/**
 * The bell's pages and unread count, refetched when a notification of a kind this admin receives
 * arrives, when they read on another tab, and on every (re)join of the socket (decision 056).
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationsQueryOptions());
  useEffect(
    () =>
      onAdminBroadcasts([NOTIFICATION_EVENTS.created, NOTIFICATION_EVENTS.read], () => {
        void invalidate(queryClient, [queryKeys.notifications.lists()]);
      }),
    [queryClient],
  );
  return query;
}

/** POST read (one, when opened) or read-all; the bell refetches. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiRequest(id === 'all' ? NOTIFICATION_PATHS.readAll : notificationReadPath(id), {
        method: 'POST',
        schema: notificationReadResponseSchema,
      }),
    onSettled: () => invalidate(queryClient, [queryKeys.notifications.lists()]),
  });
}

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

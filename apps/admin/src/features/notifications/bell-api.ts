import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_PATHS,
  type NotificationListResponse,
  type NotificationReadResponse,
  notificationReadPath,
} from '@backroom/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { invalidate, queryKeys } from '../../lib/query-keys';
import { onAdminBroadcasts } from '../../lib/socket';

/*
 * The bell's calls, on every signed-in screen (the top bar's, asked for once the first screen has
 * painted): their answers are read unparsed, as the shell's others (api-client's UnparsedOptions),
 * so the top bar carries neither zod nor the notifications' schemas. The kinds dialog's calls,
 * opened from the panel, are in api.ts and parsed.
 */

const pageSize = NOTIFICATION_LIMITS.pageSize;

/** GET /api/notifications: the newest page, then older ones by keyset ('Load more'). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list({ pageSize }),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<NotificationListResponse>(`${NOTIFICATION_PATHS.list}?${params}`, { parse: false, signal });
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
      apiRequest<NotificationReadResponse>(id === 'all' ? NOTIFICATION_PATHS.readAll : notificationReadPath(id), {
        method: 'POST',
        parse: false,
      }),
    onSettled: () => invalidate(queryClient, [queryKeys.notifications.lists()]),
  });
}

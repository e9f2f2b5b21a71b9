import {
  API_PATHS,
  EVENTS,
  MESSAGES,
  type SettingsUpdatedEvent,
  settingsResponseSchema,
  type UpdateSettingsRequest,
  updateSettingsResponseSchema,
  type VisibilitySettings,
} from '@backroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { ApiError, serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { connectSocket, onAdminBroadcasts } from '../../lib/socket';

export const visibilitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings.detail('visibility'),
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.settings, { schema: settingsResponseSchema, signal })).settings,
  });

/** The state a PUT sends: the visibility settings, without the version (the low-stock default, decision 055, is left as stored). */
export type VisibilityValues = Omit<VisibilitySettings, 'updatedAt' | 'lowStockThreshold'>;

const newer = (a: VisibilitySettings, b: VisibilitySettings | undefined) =>
  !b || Date.parse(a.updatedAt) > Date.parse(b.updatedAt);

/**
 * The Visibility Settings editor (docs/decisions/025-visibility-settings.md). The screen shows the
 * admin's latest choice at once; each change is sent (PUT /api/settings, the whole state with the
 * version it was made on), one at a time: changes made while one is on its way go in the next.
 * Another admin's change arrives over the socket (settingsUpdated) and is shown; a change made on
 * settings that changed meanwhile is refused by the server (409), said in a toast, and the screen
 * shows the latest settings.
 */
export function useVisibilitySettings() {
  const queryClient = useQueryClient();
  const query = useQuery(visibilitySettingsQueryOptions());
  const server = query.data;
  // What the admin chose and the server has not confirmed yet.
  const [pending, setPending] = useState<VisibilityValues | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateSettingsRequest) =>
      apiRequest(API_PATHS.settings, { method: 'PUT', body, schema: updateSettingsResponseSchema }),
  });
  const { mutate, isPending } = save;

  useEffect(() => {
    // After a (re)join, what may have been missed is read again.
    const off = onAdminBroadcasts([], () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.detail('visibility') });
    });
    const socket = connectSocket();
    const onUpdated = ({ settings }: SettingsUpdatedEvent) => {
      const current = queryClient.getQueryData<VisibilitySettings>(queryKeys.settings.detail('visibility'));
      if (newer(settings, current)) queryClient.setQueryData(queryKeys.settings.detail('visibility'), settings);
    };
    socket.on(EVENTS.settingsUpdated, onUpdated);
    return () => {
      off();
      socket.off(EVENTS.settingsUpdated, onUpdated);
    };
  }, [queryClient]);

  useEffect(() => {
    if (!pending || isPending || !server) return;
    const sent = pending;
    mutate(
      { ...sent, updatedAt: server.updatedAt },
      {
        onSuccess: ({ message, settings }) => {
          const current = queryClient.getQueryData<VisibilitySettings>(queryKeys.settings.detail('visibility'));
          if (newer(settings, current) || current?.updatedAt === settings.updatedAt) {
            queryClient.setQueryData(queryKeys.settings.detail('visibility'), settings);
          }
          setPending((latest) => (latest === sent ? null : latest));
          notifySuccess(message);
        },
        onError: (error) => {
          setPending(null);
          void queryClient.invalidateQueries({ queryKey: queryKeys.settings.detail('visibility') });
          if (error instanceof ApiError && error.endsSession) return;
          notifyError(serverMessageOr(error, MESSAGES.updateVisibilityFailed));
        },
      },
    );
  }, [pending, isPending, server, mutate, queryClient]);

  const shown: VisibilityValues | undefined = pending ?? server;
  const change = useCallback(
    (update: (values: VisibilityValues) => VisibilityValues) => {
      setPending((latest) => {
        const base = latest ?? queryClient.getQueryData<VisibilitySettings>(queryKeys.settings.detail('visibility'));
        if (!base) return latest;
        const { hiddenCategories, hiddenProductTags, showSupportInOrders } = base;
        return update({ hiddenCategories, hiddenProductTags, showSupportInOrders });
      });
    },
    [queryClient],
  );

  return { query, shown, change, saving: isPending || pending !== null };
}

import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes what the Users screen shows when users changed (a role, a deletion, a new admin, by
 * this admin or another) or orders did (the tiles and a user's orders), and once the admins' room
 * is joined, when events may have been missed.
 */
export function useUserEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.usersUpdated, EVENTS.ordersUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      }),
    [queryClient],
  );
}

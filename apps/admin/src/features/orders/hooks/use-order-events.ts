import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes the orders shown when an admin (this one or another) changed a status or deleted an
 * order, and once the admins' room is joined, when events may have been missed.
 */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.ordersUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      }),
    [queryClient],
  );
}

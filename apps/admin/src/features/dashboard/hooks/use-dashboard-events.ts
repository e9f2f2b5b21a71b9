import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Asks for the figures again when an admin changed an order or a product (or this one did), and
 * once the admins' room is joined, when events may have been missed.
 */
export function useDashboardEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.ordersUpdated, EVENTS.productsUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
      }),
    [queryClient],
  );
}

import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes the product lists (and any product open) when products were added, changed or
 * removed, and once the admins' room is joined, when events may have been missed.
 */
export function useProductEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.productsUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      }),
    [queryClient],
  );
}

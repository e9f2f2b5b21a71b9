import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes the bundles shown when an admin (this one or another) created, changed, cancelled or
 * deleted one, a customer bought one, or the catalogue changed (a product renamed, repriced or
 * deleted); and once the admins' room is joined, when events may have been missed (decision 006).
 */
export function useBundleEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.bundlesUpdated, EVENTS.productsUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundles.all });
      }),
    [queryClient],
  );
}

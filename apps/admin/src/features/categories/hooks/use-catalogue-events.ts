import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes the tree and the option sets when another admin (or this one) saved them, and once
 * the admins' room is joined, when events may have been missed.
 */
export function useCatalogueEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offCategories = onAdminBroadcasts([EVENTS.categoriesUpdated], () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories.lists() });
    });
    const offOptions = onAdminBroadcasts([EVENTS.optionsUpdated], () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.optionSets.lists() });
    });
    return () => {
      offCategories();
      offOptions();
    };
  }, [queryClient]);
}

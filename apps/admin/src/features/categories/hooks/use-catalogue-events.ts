import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket } from '../../../lib/socket';
import { catalogueKeys } from '../api';

/** Refreshes the tree and the option sets when another admin (or this one) saved them. */
export function useCatalogueEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const onCategories = () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.categoryTree() });
    const onOptions = () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.options() });
    socket.on(EVENTS.categoriesUpdated, onCategories);
    socket.on(EVENTS.optionsUpdated, onOptions);
    return () => {
      socket.off(EVENTS.categoriesUpdated, onCategories);
      socket.off(EVENTS.optionsUpdated, onOptions);
    };
  }, [queryClient]);
}

import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket } from '../../../lib/socket';
import { productKeys } from '../api';

/**
 * Refreshes the product lists (and any product open) when products were added, changed or
 * removed, and after a reconnection, when events may have been missed.
 */
export function useProductEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const onProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) onProducts();
      connectedBefore = true;
    };
    socket.on(EVENTS.productsUpdated, onProducts);
    socket.on('connect', onConnect);
    return () => {
      socket.off(EVENTS.productsUpdated, onProducts);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);
}

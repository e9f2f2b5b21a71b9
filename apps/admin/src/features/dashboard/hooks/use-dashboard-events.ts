import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket } from '../../../lib/socket';
import { dashboardKeys } from '../api';

/** Asks for the figures again when an admin changed an order or a product (or this one did). */
export function useDashboardEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    socket.on(EVENTS.ordersUpdated, refresh);
    socket.on(EVENTS.productsUpdated, refresh);
    return () => {
      socket.off(EVENTS.ordersUpdated, refresh);
      socket.off(EVENTS.productsUpdated, refresh);
    };
  }, [queryClient]);
}

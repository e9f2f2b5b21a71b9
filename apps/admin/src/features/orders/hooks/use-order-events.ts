import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket } from '../../../lib/socket';
import { orderKeys } from '../api';

/** Refreshes the orders shown when an admin (this one or another) changed a status or deleted an order. */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const onOrders = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    socket.on(EVENTS.ordersUpdated, onOrders);
    return () => {
      socket.off(EVENTS.ordersUpdated, onOrders);
    };
  }, [queryClient]);
}

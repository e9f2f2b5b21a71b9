import type { OrderListRequest } from '@backroom/contract';
import { OrderExportMenu } from '../../features/csv/components/order-export-menu';
import { OrdersRoute } from '../../features/orders/routes/orders-route';

const exportMenu = (request: OrderListRequest) => <OrderExportMenu request={request} />;

/** Orders, with csv's export menu for the list's request. */
export function OrdersScreen() {
  return <OrdersRoute exportMenu={exportMenu} />;
}

import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function OrdersRoute() {
  return <PlaceholderScreen title="Orders" description="Customer orders and their statuses will appear here." />;
}

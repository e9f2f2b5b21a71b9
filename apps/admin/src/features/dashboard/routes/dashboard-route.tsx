import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function DashboardRoute() {
  return (
    <PlaceholderScreen
      title="Dashboard Overview"
      description="Sales figures, recent orders and stock alerts will appear here."
    />
  );
}

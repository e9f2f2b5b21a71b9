import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function AdminManagementRoute() {
  return (
    <PlaceholderScreen
      title="Admin Management"
      description="Administrator accounts and their permissions will appear here."
    />
  );
}

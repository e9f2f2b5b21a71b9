import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function UsersRoute() {
  return (
    <PlaceholderScreen title="Users" description="Registered customers, their orders and wishlists will appear here." />
  );
}

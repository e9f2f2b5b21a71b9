import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function DiscountsRoute() {
  return <PlaceholderScreen title="Discount Codes" description="Discount codes and their usage will appear here." />;
}

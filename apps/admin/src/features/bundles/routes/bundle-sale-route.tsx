import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function BundleSaleRoute() {
  return (
    <PlaceholderScreen title="Bundle Sales" description="Products sold together at a bundle price will appear here." />
  );
}

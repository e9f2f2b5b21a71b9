import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ProductListRoute() {
  return (
    <PlaceholderScreen
      title="Product List"
      description="Every product, with search, filters and pages, will appear here."
    />
  );
}

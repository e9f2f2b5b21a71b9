import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function CategoriesRoute() {
  return (
    <PlaceholderScreen title="Categories" description="Product categories and variant options will appear here." />
  );
}

import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function AddProductRoute() {
  return (
    <PlaceholderScreen
      title="Add New Product"
      description="The form for a new product, its variants, images and accessories will appear here."
    />
  );
}

import type { Product } from '@backroom/contract';
import { Group, Text } from '@mantine/core';
import { priceDisplay } from '../product-display';

/** The price, and when discounted the original struck through with '(-N%)'. */
export function ProductPrice({ product }: { product: Pick<Product, 'price' | 'discount'> }) {
  const price = priceDisplay(product);
  return (
    <Group gap={6} style={{ rowGap: 0 }}>
      <Text size="sm" fw={600}>
        {price.current}
      </Text>
      {price.original && (
        <>
          <Text size="sm" c="dimmed" td="line-through">
            {price.original}
          </Text>
          <Text size="sm" c="var(--backroom-color-danger-text)">
            {price.discountLabel}
          </Text>
        </>
      )}
    </Group>
  );
}

import type { Product } from '@backroom/contract';
import { Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { type RowSelection, SelectRowCheckbox } from '../../../components/bulk/select-row-checkbox';
import { categoryPath, thumbnailUrl } from '../product-display';
import { type ProductActionHandlers, ProductActions } from './product-actions';
import { ProductPrice } from './product-price';
import { ProductStatusBadges } from './product-status-badges';

interface ProductGridProps extends ProductActionHandlers {
  products: Product[];
  /** The bulk actions' picks: a box on each card when given. */
  selection?: RowSelection;
}

/** The grid view: a card per product with its first image, name, category path, price and statuses. */
export function ProductGrid({ products, selection, ...actions }: ProductGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" role="list" aria-label="Products">
      {products.map((product) => {
        const thumbnail = thumbnailUrl(product);
        return (
          <Card key={product._id} withBorder padding="sm" radius="md" role="listitem" aria-label={product.name}>
            <Card.Section>
              {thumbnail ? (
                <Image src={thumbnail} alt={product.name} h={160} fit="cover" loading="lazy" />
              ) : (
                <Text size="sm" c="dimmed" ta="center" py="xl">
                  No image
                </Text>
              )}
            </Card.Section>
            <Stack gap={6} mt="sm">
              <Text fw={600} lineClamp={2}>
                {product.name}
              </Text>
              <Text size="xs" c="dimmed">
                {categoryPath(product)}
              </Text>
              <ProductPrice product={product} />
              <ProductStatusBadges product={product} />
              <Group justify={selection ? 'space-between' : 'flex-end'}>
                {selection && (
                  <SelectRowCheckbox selection={selection} id={product._id} label={`Select product ${product.name}`} />
                )}
                <ProductActions product={product} {...actions} />
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

import type { Product } from '@backroom/contract';
import { Image, Table, Text } from '@mantine/core';
import { thumbnailUrl } from '../product-display';
import { type ProductActionHandlers, ProductActions } from './product-actions';
import { ProductPrice } from './product-price';
import { ProductStatusBadges } from './product-status-badges';

interface ProductTableProps extends ProductActionHandlers {
  products: Product[];
}

/** The list view (spec 1 section 2.5); the two sub columns are hidden on small screens. */
export function ProductTable({ products, ...actions }: ProductTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Image</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Main Category</Table.Th>
            <Table.Th visibleFrom="md">Sub Category</Table.Th>
            <Table.Th visibleFrom="md">Sub Sub Category</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => {
            const thumbnail = thumbnailUrl(product);
            return (
              <Table.Tr key={product._id}>
                <Table.Td>
                  {thumbnail ? (
                    <Image src={thumbnail} alt={product.name} w={48} h={48} radius="sm" fit="cover" loading="lazy" />
                  ) : (
                    <Text size="xs" c="dimmed">
                      No image
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {product.name}
                  </Text>
                </Table.Td>
                <Table.Td>{product.mainCategory}</Table.Td>
                <Table.Td visibleFrom="md">{product.subCategory}</Table.Td>
                <Table.Td visibleFrom="md">{product.subSubCategory}</Table.Td>
                <Table.Td>
                  <ProductPrice product={product} />
                </Table.Td>
                <Table.Td>
                  <ProductStatusBadges product={product} />
                </Table.Td>
                <Table.Td>
                  <ProductActions product={product} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

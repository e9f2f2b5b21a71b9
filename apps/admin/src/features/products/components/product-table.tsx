import type { Product } from '@backroom/contract';
import { Image, Table, Text } from '@mantine/core';
import { type PageSelection, SelectPageCheckbox } from '../../../components/bulk/select-page-checkbox';
import { type RowSelection, SelectRowCheckbox } from '../../../components/bulk/select-row-checkbox';
import { categoryPath, thumbnailUrl } from '../product-display';
import { type ProductActionHandlers, ProductActions } from './product-actions';
import { ProductPrice } from './product-price';
import { ProductStatusBadges } from './product-status-badges';
import classes from './product-table.module.css';

interface ProductTableProps extends ProductActionHandlers {
  products: Product[];
  /** The bulk actions' picks: a column of boxes when given. */
  selection?: RowSelection & PageSelection;
}

const PRODUCTS = { one: 'product', many: 'products' };

/**
 * The list view (spec 1 section 2.5). Where room is short the two sub columns are hidden, then
 * the main category (shown under the name instead); Status and Actions always show.
 */
export function ProductTable({ products, selection, ...actions }: ProductTableProps) {
  return (
    <div className={classes.wrap}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <SelectPageCheckbox selection={selection} noun={PRODUCTS} />
              </Table.Th>
            )}
            <Table.Th>Image</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th className={classes.main}>Main Category</Table.Th>
            <Table.Th className={classes.sub}>Sub Category</Table.Th>
            <Table.Th className={classes.sub}>Sub Sub Category</Table.Th>
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
                {selection && (
                  <Table.Td>
                    <SelectRowCheckbox
                      selection={selection}
                      id={product._id}
                      label={`Select product ${product.name}`}
                    />
                  </Table.Td>
                )}
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
                  <Text size="sm" fw={500} className={classes.name}>
                    {product.name}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.path}>
                    {categoryPath(product)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.main}>{product.mainCategory}</Table.Td>
                <Table.Td className={classes.sub}>{product.subCategory}</Table.Td>
                <Table.Td className={classes.sub}>{product.subSubCategory}</Table.Td>
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
    </div>
  );
}

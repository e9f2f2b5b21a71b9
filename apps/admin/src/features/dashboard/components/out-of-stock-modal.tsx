// The dialog's Mantine CSS, with its chunk (fetched when it first opens: routes/dashboard-route.tsx).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Image.css';
import type { OutOfStockProduct } from '@backroom/contract';
import { Anchor, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { unlistedCount } from '../dashboard-figures';
import classes from './out-of-stock-modal.module.css';

interface OutOfStockModalProps {
  opened: boolean;
  onClose: () => void;
  products: OutOfStockProduct[];
  /** Every out-of-stock product, listed or not. */
  total: number;
}

/** Where the catalogue opens a product in its Modify modal. */
export const editProductPath = (id: string) => `/list?${new URLSearchParams({ edit: id })}`;
const ALL_OUT_OF_STOCK_PATH = `/list?${new URLSearchParams({ status: 'outOfStock' })}`;

function Entry({ product }: { product: OutOfStockProduct }) {
  return (
    <li>
      <Link to={editProductPath(product._id)} className={classes.entry}>
        <span className={classes.thumb}>
          {product.image ? (
            // The name beside it says what it is: the picture adds nothing to the link's name.
            <Image src={product.image} alt="" w={48} h={48} fit="cover" loading="lazy" />
          ) : (
            <IconPackageOff size={20} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          )}
        </span>
        <span>
          <Text size="sm" fw={500} component="span" display="block">
            {product.name}
          </Text>
          <Text size="xs" c="dimmed" component="span" display="block">
            {product.mainCategory} / {product.subCategory}
          </Text>
        </span>
      </Link>
    </li>
  );
}

/** The Out of Stock Products popup (spec 2 section 2): each entry opens the product in the catalogue's Modify modal. */
export function OutOfStockModal({ opened, onClose, products, total }: OutOfStockModalProps) {
  const unlisted = unlistedCount(total, products.length);
  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not a header: a second banner landmark otherwise (TOOLCHAIN.md). */}
        <Modal.Header component="div">
          <Modal.Title>Out of Stock Products</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>
          {products.length === 0 ? (
            <Text size="sm" c="dimmed">
              No products are out of stock.
            </Text>
          ) : (
            <Stack gap="sm">
              <ul className={classes.list} aria-label="Out of stock products">
                {products.map((product) => (
                  <Entry key={product._id} product={product} />
                ))}
              </ul>
              {unlisted > 0 && (
                <Text size="sm">
                  {unlisted} more not listed here.{' '}
                  <Anchor component={Link} to={ALL_OUT_OF_STOCK_PATH}>
                    Show all {total} in Products
                  </Anchor>
                </Text>
              )}
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

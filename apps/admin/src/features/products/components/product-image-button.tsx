import type { Product } from '@backroom/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** Opens the View modal of one product. */
export function ViewImagesButton({ product, onView }: { product: Product; onView: (product: Product) => void }) {
  const label = `View images of ${product.name}`;
  return (
    <Tooltip label="View images">
      <ActionIcon variant="subtle" aria-label={label} onClick={() => onView(product)}>
        <IconPhoto size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

import type { Product } from '@backroom/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ViewImagesButton } from './product-image-button';

export interface ProductActionHandlers {
  onView: (product: Product) => void;
  onModify: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** A product's actions in the list and the grid: view images, modify, delete (spec 1 section 2.5). */
export function ProductActions({ product, onView, onModify, onDelete }: ProductActionHandlers & { product: Product }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ViewImagesButton product={product} onView={onView} />
      <Tooltip label="Modify">
        <ActionIcon variant="subtle" aria-label={`Modify ${product.name}`} onClick={() => onModify(product)}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${product.name}`}
          onClick={() => onDelete(product)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

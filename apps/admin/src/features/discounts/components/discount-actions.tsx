import type { Discount } from '@backroom/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';

export interface DiscountActionHandlers {
  onView: (discount: Discount) => void;
  onEdit: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}

/** View details, edit and delete, each named with the code. */
export function DiscountActions({
  discount,
  onView,
  onEdit,
  onDelete,
}: { discount: Discount } & DiscountActionHandlers) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label="View details">
        <ActionIcon variant="light" aria-label={`View details of ${discount.code}`} onClick={() => onView(discount)}>
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit">
        <ActionIcon variant="light" aria-label={`Edit ${discount.code}`} onClick={() => onEdit(discount)}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="light"
          color="red"
          aria-label={`Delete ${discount.code}`}
          onClick={() => onDelete(discount)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import type { Bundle } from '@backroom/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';

export interface BundleActionHandlers {
  onView: (bundle: Bundle) => void;
  onModify: (bundle: Bundle) => void;
  onToggleCancel: (bundle: Bundle) => void;
  onDelete: (bundle: Bundle) => void;
  /** The bundle whose cancel (or undo) is on its way. */
  togglingId: string | null;
}

/** View, Modify, Cancel or Undo Cancel, Delete: each named with the bundle's title. */
export function BundleActions({
  bundle,
  onView,
  onModify,
  onToggleCancel,
  onDelete,
  togglingId,
}: { bundle: Bundle } & BundleActionHandlers) {
  const cancelLabel = bundle.cancelled ? 'Undo Cancel' : 'Cancel';
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Tooltip label="View">
        <ActionIcon variant="light" aria-label={`View ${bundle.title}`} onClick={() => onView(bundle)}>
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Modify">
        <ActionIcon variant="light" aria-label={`Modify ${bundle.title}`} onClick={() => onModify(bundle)}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={cancelLabel}>
        <ActionIcon
          variant="light"
          color={bundle.cancelled ? 'teal' : 'orange'}
          aria-label={`${cancelLabel} ${bundle.title}`}
          loading={togglingId === bundle._id}
          onClick={() => onToggleCancel(bundle)}
        >
          {bundle.cancelled ? (
            <IconArrowBackUp size={18} aria-hidden="true" />
          ) : (
            <IconBan size={18} aria-hidden="true" />
          )}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="light" color="red" aria-label={`Delete ${bundle.title}`} onClick={() => onDelete(bundle)}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

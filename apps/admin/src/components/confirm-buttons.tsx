import { Button, Group } from '@mantine/core';

interface ConfirmButtonsProps {
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's text: 'Delete' unless told. */
  confirmLabel?: string;
  busy?: boolean;
}

/** Cancel / a red confirming button (focused first), at the end of a confirmation dialog. */
export function ConfirmButtons({ onCancel, onConfirm, confirmLabel = 'Delete', busy }: ConfirmButtonsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button color="red" data-autofocus loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

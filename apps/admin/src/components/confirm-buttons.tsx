import { Button, Group } from '@mantine/core';

interface ConfirmButtonsProps {
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's text: 'Delete' unless told. */
  confirmLabel?: string;
  /** The other button's text: 'Cancel' unless told. */
  cancelLabel?: string;
  /** Which button has the focus first: the confirming one unless told. */
  focus?: 'confirm' | 'cancel';
  busy?: boolean;
}

/** Cancel / a red confirming button (focused first unless told), at the end of a confirmation dialog. */
export function ConfirmButtons({
  onCancel,
  onConfirm,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  focus = 'confirm',
  busy,
}: ConfirmButtonsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" data-autofocus={focus === 'cancel' || undefined} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button color="red" data-autofocus={focus === 'confirm' || undefined} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

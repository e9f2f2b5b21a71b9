import { MESSAGES } from '@backroom/contract';
import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';

interface DeleteOrderDialogProps {
  opened: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Are you sure you want to delete this order? This action cannot be undone.' with Cancel and Delete. */
export function DeleteOrderDialog({ opened, deleting, onConfirm, onClose }: DeleteOrderDialogProps) {
  return (
    <Dialog opened={opened} title="Delete Order" onClose={onClose}>
      <Text>{MESSAGES.deleteOrderConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={onConfirm} data-autofocus>
          Delete
        </Button>
      </Group>
    </Dialog>
  );
}

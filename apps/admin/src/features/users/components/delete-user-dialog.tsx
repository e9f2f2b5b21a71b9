import type { User } from '@backroom/contract';
import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';

interface DeleteUserDialogProps {
  user: User;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation: the action cannot be undone and all data is permanently deleted (spec 2 section 5). */
export function DeleteUserDialog({ user, deleting, onConfirm, onClose }: DeleteUserDialogProps) {
  return (
    <Dialog opened title="Delete User" onClose={onClose}>
      <Text>
        Are you sure you want to delete <strong>{user.name}</strong> ({user.email})? This action cannot be undone and
        all of this user's data will be permanently deleted.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red.9" loading={deleting} onClick={onConfirm} data-autofocus>
          Delete User
        </Button>
      </Group>
    </Dialog>
  );
}

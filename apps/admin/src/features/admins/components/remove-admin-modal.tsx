import { ADMIN_MESSAGES, type Admin } from '@backroom/contract';
import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { useRemoveAdmin } from '../api';

/** Confirms Remove Admin: the account stays, as a regular user (role user). */
export function RemoveAdminModal({ admin, onClose }: { admin: Admin | null; onClose: () => void }) {
  const remove = useRemoveAdmin();
  return (
    <Dialog opened={admin !== null} onClose={onClose} title="Remove Admin">
      {admin && (
        <>
          <Text>{ADMIN_MESSAGES.removeAdminConfirm(admin.name)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(admin._id, { onSettled: onClose })}
            >
              Remove Admin
            </Button>
          </Group>
        </>
      )}
    </Dialog>
  );
}

import { BUNDLE_SCREEN_TEXT, type Bundle } from '@backroom/contract';
import { Button, Group, Text } from '@mantine/core';
import { OrderDialog } from '../../orders/components/order-dialog';
import { useDeleteBundle } from '../api';

/** Delete bundle?: permanent (spec 2 section 4); 'Bundle deleted' or 'Delete failed'. */
export function DeleteBundleModal({ bundle, onClose }: { bundle: Bundle | null; onClose: () => void }) {
  const remove = useDeleteBundle();
  return (
    <OrderDialog opened={bundle !== null} onClose={onClose} title={BUNDLE_SCREEN_TEXT.deleteTitle}>
      {bundle && (
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {bundle.title}
            </Text>{' '}
            will be deleted. {BUNDLE_SCREEN_TEXT.deleteBody}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              data-autofocus
              loading={remove.isPending}
              onClick={() => remove.mutate(bundle._id, { onSettled: onClose })}
            >
              Delete
            </Button>
          </Group>
        </>
      )}
    </OrderDialog>
  );
}

import { BUNDLE_SCREEN_TEXT, type Bundle } from '@backroom/contract';
import { Text } from '@mantine/core';
import { ConfirmButtons } from '../../../components/confirm-buttons';
import { Dialog } from '../../../components/dialog';
import { useDeleteBundle } from '../api';

/** Delete bundle?: permanent (spec 2 section 4); 'Bundle deleted' or 'Delete failed'. */
export function DeleteBundleModal({ bundle, onClose }: { bundle: Bundle | null; onClose: () => void }) {
  const remove = useDeleteBundle();
  return (
    <Dialog opened={bundle !== null} onClose={onClose} title={BUNDLE_SCREEN_TEXT.deleteTitle}>
      {bundle && (
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {bundle.title}
            </Text>{' '}
            will be deleted. {BUNDLE_SCREEN_TEXT.deleteBody}
          </Text>
          <ConfirmButtons
            onCancel={onClose}
            onConfirm={() => remove.mutate(bundle._id, { onSettled: onClose })}
            busy={remove.isPending}
          />
        </>
      )}
    </Dialog>
  );
}

import { BUNDLE_SCREEN_TEXT, type Bundle } from '@backroom/contract';
import { Alert } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { bundleFormData, useSaveBundle } from '../api';
import {
  bundleFormFields,
  bundleFormValues,
  newBundleFormValues,
  newImageFiles,
  removedProductNames,
} from '../bundle-screen';
import { BundleForm } from './bundle-form';

interface BundleFormModalProps {
  /** 'new' for Create New Bundle, a bundle for Modify, null when closed. */
  target: Bundle | 'new' | null;
  /** Today in the shop's time zone (yyyy-mm-dd), as the list call said: the default start. */
  today: string;
  onClose: () => void;
}

/** Create New Bundle and Modify, in a dialog: 'Bundle created' / 'Bundle updated', else 'Save failed'. */
export function BundleFormModal({ target, today, onClose }: BundleFormModalProps) {
  const save = useSaveBundle({ onSuccess: onClose });
  const bundle = target === 'new' ? null : target;
  const removed = bundle ? removedProductNames(bundle) : [];
  return (
    <Dialog
      size="lg"
      opened={target !== null}
      onClose={onClose}
      title={bundle ? 'Modify Bundle' : BUNDLE_SCREEN_TEXT.createNew}
    >
      {target !== null && (
        <>
          {removed.length > 0 && (
            <Alert color="yellow" mb="md" title={BUNDLE_SCREEN_TEXT.productRemoved}>
              {`Deleted from the catalogue and left out of this bundle: ${removed.join(', ')}. Save to fix the bundle.`}
            </Alert>
          )}
          <BundleForm
            key={bundle?._id ?? 'new'}
            defaultValues={bundle ? bundleFormValues(bundle) : newBundleFormValues(today)}
            submitting={save.isPending}
            onSubmit={(values) =>
              save.mutate({ id: bundle?._id, body: bundleFormData(bundleFormFields(values), newImageFiles(values)) })
            }
            onCancel={onClose}
          />
        </>
      )}
    </Dialog>
  );
}

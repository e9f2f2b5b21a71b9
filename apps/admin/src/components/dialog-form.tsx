import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useUnsavedChanges } from './dialog';

interface DialogFormProps {
  /** react-hook-form's handleSubmit(...) result. */
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The form holds input not saved yet (react-hook-form's formState.isDirty): its dialog asks before closing. */
  dirty: boolean;
  children: ReactNode;
}

/**
 * A form inside a Dialog (admins, discount codes, bundles): the fields, then Cancel and the submit
 * button; the browser's own checks off. With unsaved input, Cancel asks first, as the dialog does.
 */
export function DialogForm({ onSubmit, onCancel, submitLabel, submitting, dirty, children }: DialogFormProps) {
  const cancel = useUnsavedChanges(dirty, onCancel);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { useUnsavedChanges } from '../../../components/dialog';

interface AdminFormProps {
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
 * The dialog forms (admins, discount codes, bundles): the fields, then Cancel and the submit
 * button; the browser's own checks off. With unsaved input, Cancel asks first, as the dialog does.
 */
export function AdminForm({ onSubmit, onCancel, submitLabel, submitting, dirty, children }: AdminFormProps) {
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

/** The Email field of both forms (register's props spread on it). */
export const EmailField = forwardRef<HTMLInputElement, TextInputProps>(function EmailField(props, ref) {
  return <TextInput ref={ref} label="Email" type="email" withAsterisk autoComplete="off" {...props} />;
});

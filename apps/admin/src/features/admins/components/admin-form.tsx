import { Button, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';

interface AdminFormProps {
  /** react-hook-form's handleSubmit(...) result. */
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** The section's dialog forms: the fields, then Cancel and the submit button; the browser's own checks off. */
export function AdminForm({ onSubmit, onCancel, submitLabel, submitting, children }: AdminFormProps) {
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
          <Button variant="default" onClick={onCancel}>
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

import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { codeFieldError } from '../code-input';

interface CodeFormProps {
  label: string;
  description?: string;
  submitLabel: string;
  /** Whether a recovery code may stand in for the authenticator's code. */
  allowRecovery?: boolean;
  pending: boolean;
  onSubmit: (code: string) => void;
}

/** One code field and its button; checked on submit, then as it changes. */
export function CodeForm({ label, description, submitLabel, allowRecovery = false, pending, onSubmit }: CodeFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = codeFieldError(value, allowRecovery);
    setError(found);
    if (found) {
      input.current?.focus();
      return;
    }
    onSubmit(value.trim());
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          ref={input}
          name="code"
          label={label}
          description={description}
          autoComplete="one-time-code"
          inputMode={allowRecovery ? 'text' : 'numeric'}
          value={value}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            if (submitted) setError(codeFieldError(next, allowRecovery));
          }}
          error={error}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

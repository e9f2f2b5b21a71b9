import type { DisableTwoFactorRequest } from '@backroom/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useDisableTwoFactor } from '../api';
import { codeFieldError } from '../code-input';

type Field = keyof DisableTwoFactorRequest;

function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.password === '') errors.password = 'Password is required';
  const code = codeFieldError(values.code, true);
  if (code) errors.code = code;
  return errors;
}

/** Turning two-factor sign-in off: the password and a code (or a recovery code). */
export function DisableForm() {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const disable = useDisableTwoFactor({ onSuccess: () => setValues({ password: '', code: '' }) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    disable.mutate(values);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Turn off two-factor sign-in">
      <Stack gap="sm">
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          error={errors.password}
        />
        <TextInput
          name="code"
          label="Code"
          description="The 6-digit code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(event) => setValues({ ...values, code: event.currentTarget.value })}
          error={errors.code}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}

import { type LoginChallengeResponse, type LoginRequest, loginRequestSchema } from '@backroom/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useLoginMutation } from '../api';

type Field = keyof LoginRequest;
const LABELS: Record<Field, string> = { email: 'Email', password: 'Password' };

/**
 * The contract's messages for each field, named ('Email is required'): the contract's messages
 * name no field. The first message of a field wins.
 */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = loginRequestSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && field in LABELS && !errors[field]) errors[field] = `${LABELS[field]} ${issue.message}`;
  }
  return errors;
}

/**
 * Two fields checked with the contract's schema on submit, then as they change. Written without a
 * form library: the login screen is the first thing loaded, and react-hook-form would add 13 KB
 * (gzip) to it (decision 020).
 */
export function LoginForm({
  onLoggedIn,
  onChallenge,
}: {
  onLoggedIn: () => void;
  onChallenge?: (challenge: LoginChallengeResponse) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const login = useLoginMutation({ onSuccess: onLoggedIn, onChallenge });

  const change = (field: Field) => (event: FormEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) setErrors(fieldErrors(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = fieldErrors(values);
    setErrors(found);
    const first = (Object.keys(LABELS) as Field[]).find((field) => found[field]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    login.mutate(loginRequestSchema.parse(values));
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          ref={inputs.email}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordInput
          ref={inputs.password}
          name="password"
          label="Password"
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

import { type LoginChallengeResponse, MESSAGES } from '@backroom/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { clearNotifications, notifyError, notifySuccess } from '../../../lib/notify';
import { setToken } from '../../../lib/token-storage';

type Field = 'email' | 'password';
type Checks = typeof import('../login-checks');

let checks: Promise<Checks> | undefined;

/** The form's checks and its call, with zod: fetched once, when the admin first types or submits. */
function loadChecks(): Promise<Checks> {
  checks ??= import('../login-checks').catch((error: unknown) => {
    checks = undefined;
    throw error;
  });
  return checks;
}

/**
 * Two fields checked with the contract's schema on submit, then as they change. Written without a
 * form library or a query client: the login screen is the first thing loaded, and react-hook-form
 * would add 13 KB (gzip) to it (decision 020), TanStack Query 9 KB (brotli, decision 053). The schema
 * itself arrives as the admin starts typing (login-checks.ts); `onTyping` lets the app fetch what
 * comes after sign-in meanwhile.
 *
 * POST /api/user/admin: on success the token is stored and 'Logged in successfully!' shown, then
 * onLoggedIn runs; on failure the server's message, else 'Login failed' or 'Server error'. With
 * two-factor sign-in the answer is a challenge instead, handed to onChallenge.
 */
export function LoginForm({
  onLoggedIn,
  onChallenge,
  onTyping,
}: {
  onLoggedIn: () => void;
  onChallenge?: (challenge: LoginChallengeResponse) => void;
  /** The admin is typing the password: a good moment to fetch the signed-in screens. */
  onTyping?: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: Field) => (event: FormEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (field === 'password') onTyping?.();
    if (submitted) void loadChecks().then(({ fieldErrors }) => setErrors(fieldErrors(next)));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    let loaded: Checks;
    try {
      loaded = await loadChecks();
    } catch {
      notifyError(MESSAGES.serverError);
      return;
    }
    const found = loaded.fieldErrors(values);
    setErrors(found);
    const first = (Object.keys(loaded.LABELS) as Field[]).find((field) => found[field]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    setPending(true);
    try {
      const answer = await loaded.postLogin(values);
      setPending(false);
      clearNotifications();
      if (!('token' in answer)) {
        onChallenge?.(answer);
        return;
      }
      setToken(answer.token);
      notifySuccess(MESSAGES.loggedIn);
      onLoggedIn();
    } catch (error) {
      setPending(false);
      notifyError(errorMessage(error, MESSAGES.loginFailed));
    }
  };

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadChecks().catch(() => undefined)}>
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
          onFocus={onTyping}
          error={errors.password}
        />
        <Button type="submit" fullWidth loading={pending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

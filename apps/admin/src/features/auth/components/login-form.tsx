import { type LoginRequest, loginRequestSchema } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLoginMutation } from '../api';

/** The contract's messages name no field ('is required'): say which one. */
function fieldError(label: string, error: FieldError | undefined): string | undefined {
  return error?.message ? `${label} ${error.message}` : undefined;
}

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginRequestSchema>, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useLoginMutation({ onSuccess: onLoggedIn });

  return (
    <form noValidate onSubmit={handleSubmit((credentials) => login.mutate(credentials))}>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          error={fieldError('Email', errors.email)}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          error={fieldError('Password', errors.password)}
          {...register('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import type { LoginSecondStepProps } from '../../features/auth/routes/login-route';
import { LoginTwoFactorStep } from '../../features/two-factor/components/login-two-factor-step';
import { queryClient } from '../../lib/query-client';

/** Two-factor's step of the login, with the server cache its calls use (the shell has its own provider; one client). */
export function LoginSecondStep(props: LoginSecondStepProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoginTwoFactorStep {...props} />
    </QueryClientProvider>
  );
}

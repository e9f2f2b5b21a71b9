import { lazy } from 'react';
import { LoginRoute } from '../../features/auth/routes/login-route';

// Only admins with two-factor sign-in need its step: it stays out of the login's first chunk.
const LoginTwoFactorStep = lazy(() =>
  import('../../features/two-factor/components/login-two-factor-step').then((m) => ({
    default: m.LoginTwoFactorStep,
  })),
);

/** /login: auth's screen, with two-factor's second step after the password. */
export function LoginScreen() {
  return <LoginRoute SecondStep={LoginTwoFactorStep} />;
}

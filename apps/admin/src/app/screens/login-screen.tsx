import { lazy } from 'react';
import { LoginRoute } from '../../features/auth/routes/login-route';
import { prefetchSignedIn } from '../signed-in';

// Only admins with two-factor sign-in need its step: it stays out of the login's first chunk, and
// brings the server cache its calls use (TanStack Query), which the login screen itself does without.
const LoginTwoFactorStep = lazy(() => import('./login-second-step').then((m) => ({ default: m.LoginSecondStep })));

/** /login: auth's screen, with two-factor's second step after the password; the shell is fetched as the password is typed. */
export function LoginScreen() {
  return <LoginRoute SecondStep={LoginTwoFactorStep} onTyping={prefetchSignedIn} />;
}

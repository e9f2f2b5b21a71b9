import { redirect } from 'react-router';
import { getToken } from '../lib/token-storage';

/** Every screen but /login needs a stored token (spec 1 section 2.1): without one, go to /login. */
export function requireToken() {
  if (!getToken()) throw redirect('/login');
  return null;
}

import { MESSAGES } from '@backroom/contract';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { clearToken } from './token-storage';

/** Leaves the signed-in area: forget the token, close the socket, drop cached data, go to /login. */
export async function endSession(): Promise<void> {
  clearToken();
  // Loaded on demand: the login screen, which reaches this module through the api client, carries
  // neither socket.io's client (about 12 KB gzip) nor TanStack Query (decision 053); the shell has
  // loaded both by the time a session ends.
  const [{ disconnectSocket }, { queryClient }] = await Promise.all([import('./socket'), import('./query-client')]);
  disconnectSocket();
  await navigateTo('/login');
  queryClient.clear();
}

/**
 * The one place for the session-expiry rule (spec 1 section 8, spec 2 section 8): any 403 removes
 * the token, says so once (however many calls failed together) and goes to /login.
 */
export function expireSession(): void {
  notifyError(MESSAGES.sessionExpired, 'session-expired');
  void endSession();
}

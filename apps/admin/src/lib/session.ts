import { MESSAGES } from '@backroom/contract';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { queryClient } from './query-client';
import { disconnectSocket } from './socket';
import { clearToken } from './token-storage';

/** Leaves the signed-in area: forget the token, close the socket, drop cached data, go to /login. */
export async function endSession(): Promise<void> {
  clearToken();
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

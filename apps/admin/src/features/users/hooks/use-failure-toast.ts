import { useEffect } from 'react';
import { serverMessageOr } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { endedSession } from '../api';

/**
 * A failed load's toast (spec 2 section 8): the server's message, else the call's default; none
 * when the session ended, which says so itself.
 */
export function useFailureToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (!error || endedSession(error)) return;
    notifyError(serverMessageOr(error, fallback));
  }, [error, fallback]);
}

import { isObjectId } from '@backroom/contract';
import { useCallback } from 'react';
import { useUrlSearchParams } from '../../../lib/url-search-params';

/**
 * The open conversation (?c=) and the list's search (?q=), kept in the URL: a reload or a shared
 * link opens the same conversation.
 */
export function useMessagesSearchParams() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  // Anything but a conversation id in the URL opens nothing.
  const rawId = searchParams.get('c');
  const openId = isObjectId(rawId) ? rawId : null;
  const q = searchParams.get('q') ?? '';

  const setOpenId = useCallback(
    (next: string | null, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('c', next);
          else params.delete('c');
          return params;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const setQ = useCallback(
    (next: string) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('q', next);
          else params.delete('q');
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { openId, q, setOpenId, setQ };
}

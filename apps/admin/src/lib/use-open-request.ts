import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type OpenKind, type OpenRecord, readOpenRequest } from './open-request';

/**
 * Opens what the command palette chose on this screen (an order, a user, a discount code), once:
 * the request is then taken out of the history entry, so neither Back nor a reload opens it again.
 * Works whether the palette came from another screen or from this one.
 */
export function useOpenRequest<K extends OpenKind>(kind: K, open: (record: OpenRecord<K>) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const openRef = useRef(open);
  openRef.current = open;
  const record = readOpenRequest(location.state, kind);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry (location.key), not per render.
  useEffect(() => {
    if (record === null) return;
    openRef.current(record);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.key]);
}

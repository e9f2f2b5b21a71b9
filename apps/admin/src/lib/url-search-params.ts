import { useCallback, useEffect } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';

export type SearchParamsChange = (current: URLSearchParams) => URLSearchParams;

/** The params the last change asked for, on its path, until a render of a new location. */
let pending: { pathname: string; search: string } | null = null;

/** Where a change starts: the params still on their way, else the address bar's. */
function currentParams(): URLSearchParams {
  const { pathname, search } = window.location;
  return new URLSearchParams(pending?.pathname === pathname ? pending.search : search);
}

/**
 * The URL's search params, with changes that start from the latest change asked for. React
 * Router's own functional update is handed the params of the last render, and the address bar
 * itself changes only once the navigation has run: two changes before React renders the first (a
 * quick second filter on a busy machine, a debounced search right after choosing a field) would
 * lose the first one.
 */
export function useUrlSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { key } = useLocation();

  // A render of a new location: navigations run in microtasks, before React renders, so whatever was
  // pending has arrived (or the admin went elsewhere, e.g. Back): the address bar is right again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on each new location.
  useEffect(() => {
    pending = null;
  }, [key]);

  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const next = change(currentParams());
      pending = { pathname: window.location.pathname, search: next.toString() };
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return [searchParams, update] as const;
}

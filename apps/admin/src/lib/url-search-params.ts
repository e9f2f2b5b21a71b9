import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export type SearchParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL's search params, with changes that start from the address bar as it is now. React
 * Router's own functional update is handed the params of the last render: two changes before
 * React renders the first (a quick second filter on a busy machine, a debounced search right after
 * choosing a field) would lose the first one.
 */
export function useUrlSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) =>
      setSearchParams(change(new URLSearchParams(window.location.search)), options),
    [setSearchParams],
  );
  return [searchParams, update] as const;
}

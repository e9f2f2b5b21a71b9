import { SEARCH_PATHS, searchPlan, searchResponseSchema } from '@backroom/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Whether the server can find anything for q (a trigram, an id prefix or a code part): otherwise no call. */
export const isSearchable = (q: string) => {
  const plan = searchPlan(q);
  return plan.orderIdPrefix !== null || plan.text !== null || plan.discountCode !== null;
};

/** GET /api/search?q=: a few records of each kind. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.list({ q }),
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_PATHS.search}?${new URLSearchParams({ q })}`, { schema: searchResponseSchema, signal }),
    enabled: isSearchable(q),
    // While the next answer comes, the last one stays on screen rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** The palette's search for q (already debounced by the caller). */
export const useSearch = (q: string) => useQuery(searchQueryOptions(q.trim()));

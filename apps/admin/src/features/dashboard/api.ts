import { API_PATHS, type DashboardSummaryResponse } from '@backroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Storefront orders arrive without a realtime event (they are written straight to the database),
 * so an open dashboard asks again every minute; the summary is a few index lookups.
 */
const REFRESH_MS = 60_000;

/**
 * GET /api/dashboard/summary: every figure of the Dashboard Overview in one call. A first screen's
 * call: its answer is read unparsed (api-client's UnparsedOptions).
 */
export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.detail('summary'),
    queryFn: ({ signal }) => apiRequest<DashboardSummaryResponse>(API_PATHS.dashboardSummary, { parse: false, signal }),
    refetchInterval: REFRESH_MS,
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}

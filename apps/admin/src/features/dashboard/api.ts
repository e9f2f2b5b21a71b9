import { API_PATHS, dashboardSummaryResponseSchema } from '@backroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Storefront orders arrive without a realtime event (they are written straight to the database),
 * so an open dashboard asks again every minute; the summary is a few index lookups.
 */
const REFRESH_MS = 60_000;

/** GET /api/dashboard/summary: every figure of the Dashboard Overview in one call. */
export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.detail('summary'),
    queryFn: ({ signal }) => apiRequest(API_PATHS.dashboardSummary, { schema: dashboardSummaryResponseSchema, signal }),
    refetchInterval: REFRESH_MS,
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}

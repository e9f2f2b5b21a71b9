import {
  type BulkJob,
  bulkDoneResponseSchema,
  bulkJobPath,
  bulkJobResponseSchema,
  bulkQueuedResponseSchema,
} from '@backroom/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** 200: done in one transaction; 202: queued as a job (docs/decisions/035-bulk-actions.md). */
const bulkStartResponseSchema = z.union([bulkDoneResponseSchema, bulkQueuedResponseSchema]);
export type BulkStartResponse = z.infer<typeof bulkStartResponseSchema>;

/** How often the job is asked for when no bulkProgress event came: the socket may be down. */
export const BULK_POLL_MS = 2_000;

export const isFinished = (job: BulkJob | undefined): boolean => job?.state === 'completed' || job?.state === 'failed';

/** GET /api/bulk/{jobId}, asked again every BULK_POLL_MS until the job has ended. */
export const bulkJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.bulkJobs.detail(jobId),
    queryFn: async ({ signal }) =>
      (await apiRequest(bulkJobPath(jobId), { schema: bulkJobResponseSchema, signal })).job,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : BULK_POLL_MS),
  });

/**
 * POST /api/order/bulk or /api/product/bulk. A refusal shows the server's message (which names the
 * field); a refused token is the api client's (it has ended the session).
 */
export function useStartBulk<Body>(path: string) {
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest(path, {
        method: 'POST',
        body,
        schema: bulkStartResponseSchema,
        failureToast: 'The bulk action failed',
      }),
  });
}

import { BULK_EVENTS, type BulkJob, bulkJobSchema } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../query-keys';
import { connectSocket } from '../socket';
import { bulkJobQueryOptions, isFinished } from './api';

/**
 * A bulk job as it runs: each bulkProgress event about it is taken at once, and GET /api/bulk/{jobId}
 * is asked every few seconds until it has ended, in case the socket is down or an event was missed.
 * An event never takes the figures back (a poll answered before it may arrive after it).
 */
export function useBulkJob(jobId: string): BulkJob | undefined {
  const queryClient = useQueryClient();
  const query = useQuery(bulkJobQueryOptions(jobId));

  useEffect(() => {
    const socket = connectSocket();
    const onProgress = (payload: unknown) => {
      const parsed = bulkJobSchema.safeParse(payload);
      if (!parsed.success || parsed.data.jobId !== jobId) return;
      const job = parsed.data;
      queryClient.setQueryData<BulkJob>(queryKeys.bulkJobs.detail(jobId), (known) =>
        known && (isFinished(known) || known.done > job.done) && !isFinished(job) ? known : job,
      );
    };
    socket.on(BULK_EVENTS.bulkProgress, onProgress);
    return () => {
      socket.off(BULK_EVENTS.bulkProgress, onProgress);
    };
  }, [jobId, queryClient]);

  return query.data;
}

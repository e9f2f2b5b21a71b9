import {
  BULK_EVENTS,
  type BulkJob,
  bulkJobPath,
  bulkJobResponseSchema,
  bulkJobSchema,
  IMPORT_FILE_FIELD,
  IMPORT_FINGERPRINT_FIELD,
  IMPORT_PATHS,
  productImportDoneResponseSchema,
  productImportPreviewResponseSchema,
  productImportQueuedResponseSchema,
} from '@backroom/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { connectSocket } from '../../lib/socket';

/** POST /api/product/import/preview: what importing the file would do; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(IMPORT_FILE_FIELD, file);
      return apiRequest(IMPORT_PATHS.productImportPreview, {
        method: 'POST',
        body: form,
        schema: productImportPreviewResponseSchema,
      });
    },
  });
}

const confirmAnswerSchema = z.union([productImportDoneResponseSchema, productImportQueuedResponseSchema]);

/**
 * POST /api/product/import with the previewed file and the preview's fingerprint: 200 when it ran
 * in one transaction (the product lists, `listKey`, are refreshed), 202 with a job to follow.
 */
export function useConfirmImport(listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fingerprint }: { file: File; fingerprint: string }) => {
      const form = new FormData();
      // The text field first: the server may read the form in order.
      form.append(IMPORT_FINGERPRINT_FIELD, fingerprint);
      form.append(IMPORT_FILE_FIELD, file);
      return apiRequest(IMPORT_PATHS.productImport, { method: 'POST', body: form, schema: confirmAnswerSchema });
    },
    onSuccess: async (answer) => {
      if (!('jobId' in answer)) await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

const JOB_POLL_MS = 1000;
const isOver = (job: BulkJob | undefined) => job?.state === 'completed' || job?.state === 'failed';

/**
 * An import job followed to its end: GET /api/bulk/{jobId} every second, and at once on each of its
 * bulkProgress events (whichever instance runs it, the event reaches every admin). The product
 * lists (`listKey`) are refreshed when it ends.
 */
export function useImportJob(jobId: string | null, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.bulkJobs.detail(jobId ?? ''),
    queryFn: async ({ signal }) =>
      (await apiRequest(bulkJobPath(jobId ?? ''), { schema: bulkJobResponseSchema, signal })).job,
    enabled: jobId !== null,
    refetchInterval: (current) => (isOver(current.state.data) ? false : JOB_POLL_MS),
  });

  useEffect(() => {
    if (!jobId) return;
    const socket = connectSocket();
    const onProgress = (payload: unknown) => {
      const parsed = bulkJobSchema.safeParse(payload);
      if (parsed.success && parsed.data.jobId === jobId)
        queryClient.setQueryData(queryKeys.bulkJobs.detail(jobId), parsed.data);
    };
    socket.on(BULK_EVENTS.bulkProgress, onProgress);
    return () => {
      socket.off(BULK_EVENTS.bulkProgress, onProgress);
    };
  }, [jobId, queryClient]);

  const over = isOver(query.data);
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: listKey });
  }, [over, queryClient, listKey]);

  return query;
}

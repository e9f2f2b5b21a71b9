import {
  BULK_PATHS,
  bulkDoneResponseSchema,
  bulkJobParamsSchema,
  bulkJobResponseSchema,
  bulkQueuedResponseSchema,
  errorResponseSchema,
  orderBulkRequestSchema,
  productBulkRequestSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkQueue } from './queue';
import type { QueuedImport } from './queued-import';
import { type BulkDeps, type BulkStart, bulkJob, runBulkJob, startOrderBulk, startProductBulk } from './service';

export interface BulkRoutesOptions {
  /** The database pg-boss connects to. */
  databaseUrl: string;
  /** The product import, whose large imports run on this queue (queued-import.ts). */
  productImport: QueuedImport;
}

const responses = {
  200: bulkDoneResponseSchema,
  202: bulkQueuedResponseSchema,
  400: errorResponseSchema,
  404: errorResponseSchema,
};

/** Bulk actions on orders and products, and their jobs (docs/decisions/035-bulk-actions.md). */
export const bulkRoutes: FastifyPluginAsyncZod<BulkRoutesOptions> = async (app, options) => {
  const deps: BulkDeps = {
    db: app.ctx.db,
    get storage() {
      return app.ctx.storage;
    },
    log: app.log,
    realtime: () => app.ctx.realtime,
    queue: new BulkQueue({
      databaseUrl: options.databaseUrl,
      db: app.ctx.db,
      log: app.log,
      run: (jobId, data, signal) => runBulkJob(deps, jobId, data, signal),
    }),
    runImport: (jobId, data, tell) => options.productImport.run(deps, jobId, data, tell),
  };
  const queue = deps.queue as BulkQueue;
  // A second after the server is ready: the first sign-in does not wait for the job queue (decision 051).
  app.addHook('onReady', async () => {
    queue.startSoon();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
  // The import's confirm step: its large imports run on this queue.
  await app.register(options.productImport.routes, { deps });

  const answer = (start: BulkStart) =>
    start.ran
      ? { success: true as const, message: start.message, result: start.result }
      : { success: true as const, jobId: start.jobId, total: start.total };

  app.post(
    BULK_PATHS.orderBulk,
    { schema: { body: orderBulkRequestSchema, response: responses } },
    async (request, reply) => {
      const start = await startOrderBulk(deps, request.principal, request.body);
      return reply.code(start.ran ? 200 : 202).send(answer(start));
    },
  );

  app.post(
    BULK_PATHS.productBulk,
    { schema: { body: productBulkRequestSchema, response: responses } },
    async (request, reply) => {
      const start = await startProductBulk(deps, request.principal, request.body);
      return reply.code(start.ran ? 200 : 202).send(answer(start));
    },
  );

  app.get(
    BULK_PATHS.job,
    {
      schema: {
        params: bulkJobParamsSchema,
        response: { 200: bulkJobResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, job: await bulkJob(deps, request.params.jobId) }),
  );
};

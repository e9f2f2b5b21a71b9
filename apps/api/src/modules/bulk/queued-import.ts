import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BulkJobOutput, ImportJobHead, TellProgress } from './job';
import type { BulkDeps } from './service';

/**
 * The product import (modules/csv) as this queue runs it, handed to bulkRoutes by app.ts: bulk
 * never imports the import, which builds on bulk (it queues here). Its confirm route is registered
 * beside the queue it enqueues on; its jobs are run by `run`, with the data it queued.
 */
export interface QueuedImport {
  routes: FastifyPluginAsyncZod<{ deps: BulkDeps }>;
  run(deps: BulkDeps, jobId: string, data: ImportJobHead, tell: TellProgress): Promise<BulkJobOutput>;
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BossQueue } from '../../jobs/boss-queue';
import type { BulkJobData, BulkJobOutput, StoredBulkJob } from './job';

/*
 * Bulk jobs on pg-boss, in the same PostgreSQL (its own schema, pgboss), as the e-mail campaigns
 * (modules/campaigns/queue.ts): any instance may run them. A job's progress is its pg-boss output,
 * written after each batch while it runs and set to the final figures when it completes; nothing
 * else is stored. No retries: a job that stops (its instance ended, a batch failed) keeps what it
 * committed and says so; running the same action again does the rest.
 */

export const BULK_QUEUE = 'bulk-action';

export interface BulkQueueDeps {
  databaseUrl: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Runs a job; the signal aborts it between batches when the app closes. */
  run: (jobId: string, data: BulkJobData, signal: AbortSignal) => Promise<BulkJobOutput>;
}

export class BulkQueue {
  private readonly queue: BossQueue;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BulkQueueDeps) {
    this.queue = new BossQueue({
      databaseUrl: deps.databaseUrl,
      log: deps.log,
      what: 'bulk job',
      max: 2,
      applicationName: 'backroom-bulk-jobs',
      setUp: async (boss) => {
        await boss.createQueue(BULK_QUEUE, {
          retryLimit: 0,
          // A job's worker refreshes its heartbeat; one whose instance died is failed within a minute.
          heartbeatSeconds: 30,
          expireInSeconds: 6 * 60 * 60,
        });
        await boss.work<BulkJobData, BulkJobOutput>(
          BULK_QUEUE,
          { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
          async ([job]) => {
            if (!job) throw new Error('pg-boss handed an empty batch');
            return this.deps.run(job.id, job.data, this.stopping.signal);
          },
        );
      },
    });
  }

  /** Starts the queue a second after the server is ready; a call that needs it sooner starts it (decision 051). */
  startSoon() {
    this.queue.startSoon();
  }

  async enqueue(data: BulkJobData): Promise<string> {
    const id = await (await this.queue.running()).send(BULK_QUEUE, data);
    if (!id) throw new Error('The bulk job was not queued');
    return id;
  }

  async find(id: string): Promise<StoredBulkJob | undefined> {
    const [job] = await (await this.queue.running()).findJobs<BulkJobData>(BULK_QUEUE, { id });
    return job ? { id: job.id, state: job.state, data: job.data, output: job.output } : undefined;
  }

  /**
   * Records a running job's progress as its output. pg-boss has no call for this: its job table's
   * output column is written directly, only while the job is active (pg-boss writes the final
   * output when the handler returns).
   */
  async writeProgress(id: string, output: BulkJobOutput) {
    await this.deps.db.execute(
      sql`update pgboss.job set output = ${JSON.stringify(output)}::jsonb where name = ${BULK_QUEUE} and id = ${id}::uuid and state = 'active'`,
    );
  }

  /** Lets a running job finish its batch (it then ends as stopped), then stops. */
  async stop() {
    this.stopping.abort();
    await this.queue.stop();
  }
}

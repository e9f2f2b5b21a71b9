import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import type { BulkJobData, BulkJobOutput, StoredBulkJob } from './job';

/*
 * Bulk jobs on pg-boss, in the same PostgreSQL (its own schema, pgboss), as the e-mail campaigns
 * (modules/campaigns/queue.ts): any instance may run them. A job's progress is its pg-boss output,
 * written after each batch while it runs and set to the final figures when it completes; nothing
 * else is stored. No retries: a job that stops (its instance ended, a batch failed) keeps what it
 * committed and says so; running the same action again does the rest.
 */

export const BULK_QUEUE = 'bulk-action';
/** How long after the server is ready the queue starts unless a call needs it sooner (decision 051). */
const QUEUE_START_DELAY_MS = 1000;

export interface BulkQueueDeps {
  databaseUrl: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Runs a job; the signal aborts it between batches when the app closes. */
  run: (jobId: string, data: BulkJobData, signal: AbortSignal) => Promise<BulkJobOutput>;
}

export class BulkQueue {
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BulkQueueDeps) {}

  /**
   * Starts the queue a second after the server is ready, so that its start (loading pg-boss, its
   * schema check) does not compete with the first sign-in (decision 051); a call that needs the
   * queue sooner starts it and waits for it. A failed start is logged, and those calls fail with
   * its error.
   */
  startSoon() {
    this.startTimer ??= setTimeout(() => this.startInBackground(), QUEUE_START_DELAY_MS);
    this.startTimer.unref();
  }

  /** Starts the queue now, in the background (a second call does nothing). */
  startInBackground() {
    if (this.stopped) return;
    this.starting ??= this.start().catch((err) => {
      this.deps.log.error({ err }, 'the bulk job queue could not start');
      throw err;
    });
    this.starting.catch(() => {});
  }

  /** The started queue, once its start has finished. */
  private async running(): Promise<PgBoss> {
    this.startInBackground();
    await this.starting;
    if (!this.boss) throw new Error('The bulk job queue is not running');
    return this.boss;
  }

  async start() {
    // Loaded here, after the server listens: pg-boss and its cron parser are a tenth of the built
    // server, and no sign-in needs them (decision 051).
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      connectionString: this.deps.databaseUrl,
      max: 2,
      schedule: false,
      application_name: 'backroom-bulk-jobs',
    });
    boss.on('error', (err) => this.deps.log.error({ err }, 'bulk job queue error'));
    await boss.start();
    this.boss = boss;
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
  }

  async enqueue(data: BulkJobData): Promise<string> {
    const id = await (await this.running()).send(BULK_QUEUE, data);
    if (!id) throw new Error('The bulk job was not queued');
    return id;
  }

  async find(id: string): Promise<StoredBulkJob | undefined> {
    const [job] = await (await this.running()).findJobs<BulkJobData>(BULK_QUEUE, { id });
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
    this.stopped = true;
    clearTimeout(this.startTimer);
    await this.starting?.catch(() => {});
    await this.boss?.stop({ graceful: true, timeout: 15_000 });
    this.boss = undefined;
  }
}

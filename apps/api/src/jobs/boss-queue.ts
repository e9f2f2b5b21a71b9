import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';

/*
 * A pg-boss instance's life in this server, shared by the bulk jobs (modules/bulk/queue.ts) and the
 * e-mail campaigns (modules/campaigns/queue.ts): started a second after the server is ready, or at
 * once by a call that needs it sooner; a failed start logged, and the calls that wait on it failing
 * with its error; stopped gracefully, letting running jobs finish, never started after a stop.
 */

/** How long after the server is ready the queue starts unless a call needs it sooner (decision 051). */
const QUEUE_START_DELAY_MS = 1000;

export interface BossQueueOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** What the logs and errors call the queue: 'bulk job', 'e-mail job'. */
  what: string;
  /** pg-boss's connections, and their name in pg_stat_activity. */
  max: number;
  applicationName: string;
  /** Creates the queue and its workers once pg-boss has started. */
  setUp: (boss: PgBoss) => Promise<void>;
}

export class BossQueue {
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: BossQueueOptions) {}

  /**
   * Starts the queue a second after the server is ready, so that its start (loading pg-boss, its
   * schema check) does not compete with the first sign-in (decision 051).
   */
  startSoon() {
    this.startTimer ??= setTimeout(() => this.startInBackground(), QUEUE_START_DELAY_MS);
    this.startTimer.unref();
  }

  /** Starts the queue now, in the background (a second call does nothing). */
  startInBackground() {
    if (this.stopped) return;
    this.starting ??= this.start().catch((err) => {
      this.options.log.error({ err }, `the ${this.options.what} queue could not start`);
      throw err;
    });
    this.starting.catch(() => {});
  }

  /** The started queue, once its start has finished: starts it if it has not started. */
  async running(): Promise<PgBoss> {
    this.startInBackground();
    await this.starting;
    if (!this.boss) throw new Error(`The ${this.options.what} queue is not running`);
    return this.boss;
  }

  private async start() {
    const { databaseUrl, log, what, max, applicationName } = this.options;
    // Loaded here, after the server listens: pg-boss and its cron parser are a tenth of the built
    // server, and no sign-in needs them (decision 051).
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({ connectionString: databaseUrl, max, schedule: false, application_name: applicationName });
    boss.on('error', (err) => log.error({ err }, `${what} queue error`));
    await boss.start();
    this.boss = boss;
    await this.options.setUp(boss);
  }

  /** Lets running jobs finish (within 15 s), then stops; the queue does not start again. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.startTimer);
    await this.starting?.catch(() => {});
    await this.boss?.stop({ graceful: true, timeout: 15_000 });
    this.boss = undefined;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import { unfinishedCampaignIds } from './repository';
import { CampaignSender, type SenderDeps } from './sender';

/*
 * The campaign jobs on pg-boss, in the same PostgreSQL (its own schema, pgboss): they survive a
 * restart and any instance may run them. One job runs one campaign for a while; what is left (a
 * slice that ended, retries due later) is queued again as a new job. At start, every unfinished
 * campaign is queued once more, so one whose process died is taken up without waiting for its job
 * to expire; two jobs on one campaign are harmless (deliveries are claimed row by row).
 */

export const CAMPAIGN_QUEUE = 'email-campaign';
/** How long after the server is ready the queue starts unless a campaign is queued sooner (decision 051). */
const QUEUE_START_DELAY_MS = 1000;

interface CampaignJob {
  campaignId: string;
}

export class CampaignQueue {
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly sender: CampaignSender;

  constructor(private readonly deps: SenderDeps & { db: Db; log: FastifyBaseLogger }) {
    this.sender = new CampaignSender(deps);
  }

  /**
   * Starts the queue a second after the server is ready, so that its start (loading pg-boss, its
   * schema check) does not compete with the first sign-in (decision 051); a campaign queued sooner
   * starts it and waits for it. A failed start is logged, and queueing fails with its error.
   */
  startSoon() {
    this.startTimer ??= setTimeout(() => this.startInBackground(), QUEUE_START_DELAY_MS);
    this.startTimer.unref();
  }

  /** Starts the queue now, in the background (a second call does nothing). */
  startInBackground() {
    if (this.stopped) return;
    this.starting ??= this.start().catch((err) => {
      this.deps.log.error({ err }, 'the e-mail job queue could not start');
      throw err;
    });
    this.starting.catch(() => {});
  }

  async start() {
    // Loaded here, after the server listens: pg-boss and its cron parser are a tenth of the built
    // server, and no sign-in needs them (decision 051).
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      connectionString: this.deps.databaseUrl,
      max: 3,
      schedule: false,
      application_name: 'backroom-email-jobs',
    });
    boss.on('error', (err) => this.deps.log.error({ err }, 'e-mail job queue error'));
    await boss.start();
    this.boss = boss;
    await boss.createQueue(CAMPAIGN_QUEUE, {
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
    await this.sender.start();
    await boss.work<CampaignJob>(
      CAMPAIGN_QUEUE,
      { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await this.runJob(job.data.campaignId);
      },
    );
    for (const id of await unfinishedCampaignIds(this.deps.db)) await this.send(boss, id);
  }

  private async runJob(campaignId: string) {
    try {
      const outcome = await this.sender.run(campaignId);
      if (outcome.again) await this.enqueue(campaignId, outcome.again);
    } catch (err) {
      // pg-boss retries the job with backoff; the log says why.
      this.deps.log.error({ err, campaignId }, 'campaign job failed');
      throw err;
    }
  }

  /** Queues the campaign's sending, now or at a given time. */
  async enqueue(campaignId: string, at?: Date) {
    this.startInBackground();
    await this.starting;
    if (!this.boss) throw new Error('The e-mail job queue is not running');
    await this.send(this.boss, campaignId, at);
  }

  private async send(boss: PgBoss, campaignId: string, at?: Date) {
    const later = at && at.getTime() > Date.now() + 500;
    await boss.send(CAMPAIGN_QUEUE, { campaignId }, later ? { startAfter: at } : {});
  }

  /** Lets running jobs finish the messages under way, then stops the queue and the sender. */
  async stop() {
    this.sender.abort();
    this.stopped = true;
    clearTimeout(this.startTimer);
    await this.starting?.catch(() => {});
    await this.boss?.stop({ graceful: true, timeout: 15_000 });
    this.boss = undefined;
    await this.sender.close();
  }
}

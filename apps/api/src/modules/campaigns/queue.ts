import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import { BossQueue } from '../../jobs/boss-queue';
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

interface CampaignJob {
  campaignId: string;
}

export class CampaignQueue {
  private readonly queue: BossQueue;
  readonly sender: CampaignSender;

  constructor(private readonly deps: SenderDeps & { db: Db; log: FastifyBaseLogger }) {
    this.sender = new CampaignSender(deps);
    this.queue = new BossQueue({
      databaseUrl: deps.databaseUrl,
      log: deps.log,
      what: 'e-mail job',
      max: 3,
      applicationName: 'backroom-email-jobs',
      setUp: async (boss) => {
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
      },
    });
  }

  /** Starts the queue a second after the server is ready; a campaign queued sooner starts it (decision 051). */
  startSoon() {
    this.queue.startSoon();
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
    await this.send(await this.queue.running(), campaignId, at);
  }

  private async send(boss: PgBoss, campaignId: string, at?: Date) {
    const later = at && at.getTime() > Date.now() + 500;
    await boss.send(CAMPAIGN_QUEUE, { campaignId }, later ? { startAfter: at } : {});
  }

  /** Lets running jobs finish the messages under way, then stops the queue and the sender. */
  async stop() {
    this.sender.abort();
    await this.queue.stop();
    await this.sender.close();
  }
}

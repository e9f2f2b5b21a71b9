import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findOrCreateSecret } from '../auth/repository';
import { notify } from '../notifications/service';
import { campaignContent } from './campaign-view';
import { campaignHeaders, composeMessage } from './mime-message';
import { personalise, type RenderedMessage, renderMessage } from './render';
import {
  type CampaignRow,
  type ClaimedDelivery,
  claimDeliveries,
  findCampaign,
  finishCampaign,
  insertAllDeliveries,
  insertOutbox,
  markCommitting,
  markFailed,
  markRetry,
  markSent,
  openDeliveries,
  otherClaimers,
  refreshCounts,
  releaseDeadClaims,
  setCampaignStatus,
  setRecipientCount,
} from './repository';
import { senderAddress } from './sender-address';
import type { SmtpPool } from './smtp-pool';
import { newUnsubscribeSecret, UNSUBSCRIBE_SECRET_NAME, unsubscribeToken, unsubscribeUrl } from './unsubscribe-link';

/*
 * Sends a campaign's deliveries (docs/decisions/026-email-campaigns.md). Each sender holds a
 * session advisory lock on its own id for as long as it lives, and writes that id on the rows it
 * claims: when a sender's lock is free, its process is gone, and its rows are released (claimed
 * -> pending) or given up (committing -> failed, never sent twice).
 */

/** The advisory lock class of senders; any fixed number, different from the others in the app. */
export const SENDER_LOCK = 727_274_003;
/** Deliveries claimed at once over SMTP, and written at once to the outbox. */
const SMTP_BATCH = 50;
const OUTBOX_BATCH = 200;
/** A job sends for at most this long, then queues the rest as a new job. */
const SLICE_MS = 4 * 60_000;
/** Tries of a delivery refused with a 4xx or lost connection before it counts as failed. */
export const MAX_ATTEMPTS = 5;
/** Progress events at most this often per campaign. */
const PROGRESS_EVERY_MS = 250;

export interface SenderDeps {
  db: Db;
  databaseUrl: string;
  config: Pick<Config, 'mail' | 'publicUrl'>;
  log: FastifyBaseLogger;
  /** Tells admins a campaign's counts moved. */
  progress(campaign: CampaignRow): void;
}

export interface RunOutcome {
  /** Run the campaign again now (its slice ended) or at this time (a retry or a recheck is due). */
  again?: Date;
}

class RateLimiter {
  private next = 0;
  constructor(private readonly perSecond: number) {}

  async take(signal: AbortSignal) {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export class CampaignSender {
  readonly workerId = randomInt(1, 2 ** 31 - 1);
  private lockClient: pg.Client | undefined;
  private smtp: SmtpPool | undefined;
  private readonly stopping = new AbortController();
  private readonly limiter: RateLimiter;
  private secret: Promise<string> | undefined;
  private readonly fromAddress: string;
  private readonly domain: string;

  constructor(private readonly deps: SenderDeps) {
    this.limiter = new RateLimiter(deps.config.mail.ratePerSecond);
    const sender = senderAddress(deps.config.mail.from);
    this.fromAddress = sender.address;
    this.domain = sender.domain;
  }

  get transport(): 'smtp' | 'outbox' {
    return this.deps.config.mail.smtpUrl ? 'smtp' : 'outbox';
  }

  async start() {
    const client = new pg.Client({ connectionString: this.deps.databaseUrl });
    client.on('error', () => {});
    await client.connect();
    await client.query('select pg_advisory_lock($1, $2)', [SENDER_LOCK, this.workerId]);
    this.lockClient = client;
    if (this.deps.config.mail.smtpUrl) {
      // nodemailer's SMTP client is loaded with the queue, not at every start (decision 051).
      const { SmtpPool } = await import('./smtp-pool');
      this.smtp = new SmtpPool(this.deps.config.mail.smtpUrl);
    }
  }

  /** Asks running campaigns to stop after the messages under way. */
  abort() {
    this.stopping.abort();
  }

  /** Closes the SMTP connections and gives up the sender's lock (its rows become recoverable). */
  async close() {
    this.abort();
    this.smtp?.close();
    await this.lockClient?.end().catch(() => {});
    this.lockClient = undefined;
  }

  private unsubscribeKey(): Promise<string> {
    this.secret ??= findOrCreateSecret(this.deps.db, UNSUBSCRIBE_SECRET_NAME, newUnsubscribeSecret());
    return this.secret;
  }

  /** Sends what is due of one campaign; answers when to come back, if at all. */
  async run(campaignId: string): Promise<RunOutcome> {
    const started = Date.now();
    const campaign = await this.prepare(campaignId);
    if (!campaign || campaign.status === 'done') return {};
    await this.recover(campaignId);

    const rendered = renderMessage(campaignContent(campaign), this.deps.config.publicUrl);
    const key = await this.unsubscribeKey();
    let lastProgress = 0;
    while (!this.stopping.signal.aborted) {
      const handled =
        this.transport === 'smtp'
          ? await this.smtpBatch(campaign, rendered, key)
          : await this.outboxBatch(campaign, rendered, key);
      if (handled === 0) break;
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        await this.progress(campaignId);
      }
      if (Date.now() - started > SLICE_MS) {
        await this.progress(campaignId);
        return { again: new Date() };
      }
    }
    await this.progress(campaignId);
    if (this.stopping.signal.aborted) return {};

    const open = await openDeliveries(this.deps.db, campaignId);
    if (open.open === 0) {
      await this.finish(campaignId);
      await this.progress(campaignId);
      return {};
    }
    // Retries are due later; or another sender holds the rest: look again in a while.
    return { again: open.retryAt ?? new Date(Date.now() + 30_000) };
  }

  /** A queued campaign becomes sending; an All Users one gets its deliveries first, in one statement. */
  private async prepare(campaignId: string): Promise<CampaignRow | undefined> {
    return this.deps.db.transaction(async (tx) => {
      const campaign = await findCampaign(tx, campaignId, true);
      if (campaign?.status !== 'queued') return campaign;
      if (campaign.audience === 'all') {
        const n = await insertAllDeliveries(tx, campaignId);
        await setRecipientCount(tx, campaignId, n);
      }
      await setCampaignStatus(tx, campaignId, 'sending');
      return { ...campaign, status: 'sending' };
    });
  }

  /** Rows claimed by senders that are gone (their lock is free). */
  private async recover(campaignId: string) {
    for (const worker of await otherClaimers(this.deps.db, campaignId, this.workerId)) {
      await this.deps.db.transaction(async (tx) => {
        const free = await tx.execute<{ free: boolean }>(
          // Free means no live session holds that sender's lock: the sender is gone.
          sql`select pg_try_advisory_xact_lock(${SENDER_LOCK}, ${worker}) as free`,
        );
        if (free.rows[0]?.free) await releaseDeadClaims(tx, campaignId, worker);
      });
    }
  }

  private async outboxBatch(campaign: CampaignRow, rendered: RenderedMessage, key: string): Promise<number> {
    // Claimed, written and marked sent in one transaction: killed half-way, nothing happened.
    return this.deps.db.transaction(async (tx) => {
      const claimed = await claimDeliveries(tx, campaign.id, this.workerId, OUTBOX_BATCH);
      const sending = claimed.filter((d) => d.status === 'sending' && d.userId);
      await insertOutbox(
        tx,
        sending.map((d) => {
          const link = unsubscribeUrl(this.deps.config.publicUrl, unsubscribeToken(d.userId as string, key));
          const message = personalise(rendered, link);
          return {
            deliveryId: d.id,
            campaignId: campaign.id,
            toAddress: d.email,
            subject: campaign.subject,
            html: message.html,
            text: message.text,
            headers: {
              From: this.deps.config.mail.from,
              ...campaignHeaders({ ...this.envelope(campaign, d), unsubscribeUrl: link }),
            },
          };
        }),
      );
      await markSent(
        tx,
        sending.map((d) => d.id),
      );
      return claimed.length;
    });
  }

  private envelope(campaign: CampaignRow, d: ClaimedDelivery) {
    return {
      deliveryId: d.id,
      from: this.deps.config.mail.from,
      to: d.email,
      subject: campaign.subject,
      unsubscribeUrl: '',
      domain: this.domain,
    };
  }

  private async smtpBatch(campaign: CampaignRow, rendered: RenderedMessage, key: string): Promise<number> {
    const smtp = this.smtp as SmtpPool;
    const { db } = this.deps;
    const claimed = await claimDeliveries(db, campaign.id, this.workerId, SMTP_BATCH);
    const sending = claimed.filter((d) => d.status === 'sending' && d.userId);
    await eachLimited(sending, 5, async (d) => {
      if (this.stopping.signal.aborted) {
        // Never started: back to pending for whoever runs the campaign next.
        await markRetry(db, d.id, 'The sender stopped before sending', new Date());
        return;
      }
      await this.limiter.take(this.stopping.signal);
      const link = unsubscribeUrl(this.deps.config.publicUrl, unsubscribeToken(d.userId as string, key));
      const raw = await composeMessage(
        { ...this.envelope(campaign, d), unsubscribeUrl: link },
        personalise(rendered, link),
      );
      const result = await smtp.send({ from: this.fromAddress, to: d.email, raw }, () => markCommitting(db, d.id));
      if (result.ok) {
        await markSent(db, [d.id]);
      } else if (result.inDoubt) {
        await markFailed(db, d.id, `No answer after the message was sent (${result.error}): not sent again`);
      } else if (result.temporary && d.attempts < MAX_ATTEMPTS) {
        const delay = this.deps.config.mail.retryDelayMs * 2 ** (d.attempts - 1);
        await markRetry(db, d.id, result.error, new Date(Date.now() + delay));
      } else {
        await markFailed(db, d.id, result.error);
      }
    });
    return claimed.length;
  }

  /** Done, and the bell told with the campaign's failures (docs/decisions/056-notifications.md). */
  private async finish(campaignId: string) {
    await this.deps.db.transaction(async (tx) => {
      const done = await finishCampaign(tx, campaignId);
      if (!done) return;
      const failures = done.failedCount > 0 ? `, ${done.failedCount} failed` : ', none failed';
      await notify(tx, {
        kind: 'campaign',
        title: `E-mail '${done.subject}' sent to ${done.sentCount} of ${done.recipientCount}${failures}`,
        subject: { campaignId },
      });
    });
  }

  private async progress(campaignId: string) {
    const row = await refreshCounts(this.deps.db, campaignId);
    if (row) this.deps.progress(row);
  }
}

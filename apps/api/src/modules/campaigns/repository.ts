import type { CampaignAudience, CampaignProduct, CampaignType } from '@backroom/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailCampaigns, emailDeliveries, emailOutbox, products, users } from '../../db/schema';
import { imageUrl } from '../../storage/names';
import { productCardColumns } from '../products/repository';

/** A campaign row as the service reads it. */
export type CampaignRow = typeof emailCampaigns.$inferSelect;

/** Customers an All Users campaign goes to: active accounts with the role user. */
const customer = and(eq(users.role, 'user'), eq(users.isActive, true));

export async function countCustomers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(customer);
  return row?.n ?? 0;
}

/** The products as the e-mail shows them, read from the catalogue, in the order asked. */
export async function productSnapshots(db: DbOrTx, ids: string[]): Promise<CampaignProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productCardColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const first = r.images[0];
    return [
      {
        _id: r.id,
        name: r.name,
        image: first ? imageUrl(first) : null,
        priceCents: r.priceCents,
        discount: r.discount,
        category: r.mainCategory,
        subCategory: r.subCategory,
      },
    ];
  });
}

export interface NewCampaign {
  notificationType: CampaignType;
  subject: string;
  message: string;
  productLink: string | null;
  products: CampaignProduct[];
  audience: CampaignAudience;
  createdBy: string;
  createdByName: string;
  recipientCount: number;
}

export async function insertCampaign(db: DbOrTx, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(emailCampaigns).values(values).returning();
  return row as CampaignRow;
}

export async function setRecipientCount(db: DbOrTx, campaignId: string, n: number) {
  await db.update(emailCampaigns).set({ recipientCount: n }).where(eq(emailCampaigns.id, campaignId));
}

/**
 * A delivery id made by the database: the campaign's second as 8 hex digits, then 16 of a hash of
 * the campaign and the user, so one INSERT ... SELECT fills 100k rows without a round trip each.
 */
const deliveryId = (campaignId: string) =>
  sql`lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || substr(md5(${campaignId} || ${users.id}), 1, 16)`;

/** The selected users' deliveries (those that exist and are active); answers how many. */
export async function insertSelectedDeliveries(db: DbOrTx, campaignId: string, userIds: string[]): Promise<number> {
  const result = await db.execute(sql`
    insert into ${emailDeliveries} (id, campaign_id, user_id, email, name)
    select ${deliveryId(campaignId)}, ${campaignId}, ${users.id}, ${users.email}, ${users.name}
    from ${users}
    where ${users.id} = any(${sql.param(userIds)}::varchar[]) and ${users.isActive}
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** Every customer's delivery for an All Users campaign, in one statement; answers how many. */
export async function insertAllDeliveries(db: DbOrTx, campaignId: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${emailDeliveries} (id, campaign_id, user_id, email, name)
    select ${deliveryId(campaignId)}, ${campaignId}, ${users.id}, ${users.email}, ${users.name}
    from ${users}
    where ${customer}
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

export async function findCampaign(db: DbOrTx, id: string, lock = false): Promise<CampaignRow | undefined> {
  const query = db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function setCampaignStatus(db: DbOrTx, id: string, status: 'sending' | 'done') {
  await db
    .update(emailCampaigns)
    .set({ status, ...(status === 'done' ? { finishedAt: new Date() } : {}) })
    .where(eq(emailCampaigns.id, id));
}

/**
 * The campaign becomes done, once: answers it with its final counts only for the caller that made
 * the change (two senders finishing together tell the bell once).
 */
export async function finishCampaign(tx: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  await refreshCounts(tx, id);
  const rows = await tx
    .update(emailCampaigns)
    .set({ status: 'done', finishedAt: new Date() })
    .where(sql`${emailCampaigns.id} = ${id} and ${emailCampaigns.status} <> 'done'`)
    .returning();
  return rows[0];
}

export async function listCampaignPage(db: DbOrTx, limit: number, offset: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(emailCampaigns)
      .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emailCampaigns),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function unfinishedCampaignIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(sql`${emailCampaigns.status} <> 'done'`);
  return rows.map((r) => r.id);
}

export interface ClaimedDelivery {
  id: string;
  userId: string | null;
  email: string;
  status: 'sending' | 'skipped';
  /** Including this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries for this sender: pending ones whose retry time has come,
 * locked so no other sender takes them. A customer who unsubscribed (or whose account is gone) is
 * marked skipped instead of being claimed.
 */
export async function claimDeliveries(
  db: DbOrTx,
  campaignId: string,
  workerId: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{
    id: string;
    user_id: string | null;
    email: string;
    status: 'sending' | 'skipped';
    attempts: number;
  }>(sql`
    with picked as (
      select id from email_deliveries
      where campaign_id = ${campaignId} and status = 'pending'
        and (next_attempt_at is null or next_attempt_at <= now())
      order by id
      limit ${limit}
      for update skip locked
    )
    update email_deliveries d
    set status = case
          when d.user_id is null or exists (
            select 1 from users u where u.id = d.user_id and u.unsubscribed_at is not null
          ) then 'skipped' else 'sending' end,
        attempts = d.attempts + 1,
        claimed_by = ${workerId},
        next_attempt_at = null
    from picked
    where d.id = picked.id
    returning d.id, d.user_id, d.email, d.status, d.attempts`);
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    status: r.status,
    attempts: r.attempts,
  }));
}

/** The message's end is about to leave: from here a dead sender's row is never sent again. */
export async function markCommitting(db: DbOrTx, id: string) {
  await db.update(emailDeliveries).set({ status: 'committing' }).where(eq(emailDeliveries.id, id));
}

export async function markSent(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(emailDeliveries)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(inArray(emailDeliveries.id, ids));
}

export async function markFailed(db: DbOrTx, id: string, error: string) {
  await db.update(emailDeliveries).set({ status: 'failed', lastError: error }).where(eq(emailDeliveries.id, id));
}

export async function markRetry(db: DbOrTx, id: string, error: string, at: Date) {
  await db
    .update(emailDeliveries)
    .set({ status: 'pending', lastError: error, nextAttemptAt: at })
    .where(eq(emailDeliveries.id, id));
}

export interface OutboxRow {
  deliveryId: string;
  campaignId: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export async function insertOutbox(db: DbOrTx, rows: OutboxRow[]) {
  if (rows.length === 0) return;
  await db.insert(emailOutbox).values(rows).onConflictDoNothing({ target: emailOutbox.deliveryId });
}

/** Senders other than `me` holding claimed or committing rows of the campaign. */
export async function otherClaimers(db: DbOrTx, campaignId: string, me: number): Promise<number[]> {
  const result = await db.execute<{ claimed_by: number }>(sql`
    select distinct claimed_by from email_deliveries
    where campaign_id = ${campaignId} and status in ('sending', 'committing') and claimed_by <> ${me}`);
  return result.rows.map((r) => r.claimed_by);
}

/**
 * A dead sender's rows: claimed ones go back to pending (nothing of theirs reached a server for
 * good); committing ones become failed, never sent again (the server may have kept them).
 */
export async function releaseDeadClaims(db: DbOrTx, campaignId: string, workerId: number) {
  await db.execute(sql`
    update email_deliveries
    set status = case when status = 'sending' then 'pending' else 'failed' end,
        last_error = case when status = 'sending' then last_error
          else 'The sender stopped while the server was answering: not sent again, so no one gets it twice' end
    where campaign_id = ${campaignId} and claimed_by = ${workerId} and status in ('sending', 'committing')`);
}

/** Stores the campaign's counts from its deliveries and answers the campaign with them. */
export async function refreshCounts(db: DbOrTx, campaignId: string): Promise<CampaignRow | undefined> {
  const result = await db.execute(sql`
    update email_campaigns c
    set sent_count = s.sent, failed_count = s.failed, skipped_count = s.skipped
    from (
      select count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'skipped')::int as skipped
      from email_deliveries where campaign_id = ${campaignId}
    ) s
    where c.id = ${campaignId}`);
  void result;
  return findCampaign(db, campaignId);
}

/** How many deliveries are not finished yet, and when the earliest retry is due. */
export async function openDeliveries(db: DbOrTx, campaignId: string) {
  const result = await db.execute<{ open: number; retry_at: Date | string | null }>(sql`
    select count(*)::int as open, min(next_attempt_at) as retry_at
    from email_deliveries
    where campaign_id = ${campaignId} and status in ('pending', 'sending', 'committing')`);
  const row = result.rows[0];
  return { open: row?.open ?? 0, retryAt: row?.retry_at ? new Date(row.retry_at) : null };
}

export async function setUnsubscribed(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ unsubscribedAt: sql`coalesce(${users.unsubscribedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Deliveries by state, shop-wide, for GET /metrics: a finished campaign's from its counts, an
 * unfinished one's (a few at most) counted on the (campaign, status) index.
 */
export async function deliveryCountsByState(db: DbOrTx): Promise<Array<{ state: string; count: number }>> {
  const result = await db.execute<{ state: string; count: number }>(sql`
    select state, sum(n)::float8 as count from (
      select d.status as state, count(*) as n
        from email_campaigns c join email_deliveries d on d.campaign_id = c.id
       where c.status <> 'done' group by d.status
      union all select 'sent', coalesce(sum(sent_count), 0) from email_campaigns where status = 'done'
      union all select 'failed', coalesce(sum(failed_count), 0) from email_campaigns where status = 'done'
      union all select 'skipped', coalesce(sum(skipped_count), 0) from email_campaigns where status = 'done'
    ) s group by state`);
  return result.rows;
}

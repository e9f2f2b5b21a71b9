import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/client';
import {
  claimDeliveries,
  insertCampaign,
  insertSelectedDeliveries,
  markCommitting,
  setCampaignStatus,
  setRecipientCount,
} from '../../src/modules/campaigns/repository';
import { SENDER_LOCK } from '../../src/modules/campaigns/sender';
import { createTestApp, type TestApp } from '../helpers/app';
import { createFreshDatabase } from '../helpers/database';
import { type MailServer, startMailServer } from '../helpers/mail-server';
import { createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * What a sender that died leaves behind, on every PostgreSQL we support (docs/decisions/026-email-campaigns.md,
 * 041-test-tiers.md): the rows it claimed, some of them with their message's end on its way. Its
 * session held the sender's advisory lock; a process killed with -9 ends its session, and the
 * server lets the lock go. Here the dead sender is a session of its own that claimed rows with the
 * sender's own statements, and its death is the server ending that session (pg_terminate_backend),
 * which is what PostgreSQL sees of a kill -9. While it lives, a running app leaves its rows alone
 * (pg_try_advisory_xact_lock is refused); once it is gone, the next app to start takes the campaign
 * up through pg-boss, sends the claimed rows once and gives up the committing ones (never twice).
 * The whole-process kill, over SMTP, is scale/campaigns-kill.test.ts.
 */

const RECIPIENTS = 12;
/** Rows the dead sender claimed, and of those the ones whose message's end had left. */
const CLAIMED = 4;
const COMMITTING = 2;
const DEAD_WORKER = 424_242;

let databaseUrl: string;
let database: Database;
let mail: MailServer;
let deadSender: pg.Client;
let deadSenderGone = false;
/** Its server process, which the server is asked to end. */
let deadSenderPid: number;
const apps: TestApp[] = [];

beforeAll(async () => {
  databaseUrl = await createFreshDatabase();
  database = connectDatabase(databaseUrl, 2);
  mail = await startMailServer();
  deadSender = new pg.Client({ connectionString: databaseUrl });
  // Its session is ended under it: the error is the point.
  deadSender.on('error', () => {});
  await deadSender.connect();
  deadSenderPid = (await deadSender.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid as number;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  if (!deadSenderGone) await deadSender?.end();
  await database?.close();
  await mail?.close();
});

const startApp = async () => {
  const app = await createTestApp({ DATABASE_URL: databaseUrl, SMTP_URL: mail.url, MAIL_RATE: '2000' });
  apps.push(app);
  return app;
};

async function deliveries(campaignId: string) {
  const rows = await database.db.execute<{ email: string; status: string; last_error: string | null }>(
    sql`select email, status, last_error from email_deliveries where campaign_id = ${campaignId} order by id`,
  );
  return rows.rows;
}

/** 0 until pg-boss has made its schema (the app listens before its queues are up, decision 051). */
async function campaignJobsDone() {
  const made = await database.db.execute<{ t: string | null }>(sql`select to_regclass('pgboss.job')::text as t`);
  if (!made.rows[0]?.t) return 0;
  const done = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'email-campaign' and state = 'completed'`,
  );
  return done.rows[0]?.n ?? 0;
}

it("leaves a live sender's rows alone, and once its session is gone sends the claimed ones once and never the committing ones", async () => {
  const { db } = database;
  const admin = await createUser(db, { role: 'admin', name: 'Recover Admin' });
  const customers = [];
  for (let i = 0; i < RECIPIENTS; i += 1) customers.push(await createUser(db, { email: `recover${i}@example.test` }));

  // A campaign being sent by a sender that holds its lock and has claimed rows, as sender.ts does.
  await deadSender.query('select pg_advisory_lock($1, $2)', [SENDER_LOCK, DEAD_WORKER]);
  const campaign = await insertCampaign(db, {
    notificationType: 'comingSoon',
    subject: 'Once each',
    message: 'Whatever happens to the sender.',
    productLink: null,
    products: [],
    audience: 'selected',
    createdBy: admin.id,
    createdByName: admin.name,
    recipientCount: 0,
  });
  await setRecipientCount(
    db,
    campaign.id,
    await insertSelectedDeliveries(
      db,
      campaign.id,
      customers.map((c) => c.id),
    ),
  );
  await setCampaignStatus(db, campaign.id, 'sending');
  const claimed = await claimDeliveries(db, campaign.id, DEAD_WORKER, CLAIMED);
  const committing = claimed.slice(0, COMMITTING);
  for (const d of committing) await markCommitting(db, d.id);
  const claimedEmails = new Set(claimed.map((d) => d.email));
  const committingEmails = new Set(committing.map((d) => d.email));

  // An app starts while the sender lives: it takes the campaign up (unfinished at its start) and
  // sends the pending rows, not the claimed ones.
  const first = await startApp();
  await waitUntil(async () => (await campaignJobsDone()) > 0, "the first app's run of the campaign to end");
  let rows = await deliveries(campaign.id);
  expect(rows.filter((r) => r.status === 'sent')).toHaveLength(RECIPIENTS - CLAIMED);
  for (const r of rows.filter((row) => claimedEmails.has(row.email))) {
    expect(r.status).toBe(committingEmails.has(r.email) ? 'committing' : 'sending');
  }
  expect(mail.received).toHaveLength(RECIPIENTS - CLAIMED);
  expect(mail.received.some((m) => m.to.some((to) => claimedEmails.has(to)))).toBe(false);

  // The sender dies: the server ends its session, and with it the lock.
  await database.db.execute(sql`select pg_terminate_backend(${deadSenderPid})`);
  deadSenderGone = true;
  await waitUntil(
    async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = ${SENDER_LOCK} and objid = ${DEAD_WORKER}`,
        )
      ).rows[0]?.n === 0,
    "the dead sender's lock to be free",
  );

  // The next process takes it up through pg-boss (every unfinished campaign is queued at start).
  await first.close();
  apps.splice(apps.indexOf(first), 1);
  await startApp();
  await waitUntil(
    async () =>
      (await database.db.execute<{ status: string }>(sql`select status from email_campaigns where id = ${campaign.id}`))
        .rows[0]?.status === 'done',
    'the campaign to finish in the next app',
  );

  rows = await deliveries(campaign.id);
  for (const r of rows) {
    if (committingEmails.has(r.email)) {
      expect(r.status).toBe('failed');
      expect(r.last_error).toContain('not sent again');
      expect(mail.attempts.get(r.email) ?? 0).toBe(0);
    } else {
      expect(r.status).toBe('sent');
      expect(mail.attempts.get(r.email)).toBe(1);
    }
  }
  expect(mail.received).toHaveLength(RECIPIENTS - COMMITTING);
  const [counts] = (
    await database.db.execute<{ sent_count: number; failed_count: number }>(
      sql`select sent_count, failed_count from email_campaigns where id = ${campaign.id}`,
    )
  ).rows;
  expect(counts).toEqual({ sent_count: RECIPIENTS - COMMITTING, failed_count: COMMITTING });
});

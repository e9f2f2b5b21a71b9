import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, MESSAGES } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';
import { connectDatabase, type Database } from '../../src/db/client';
import { createFreshDatabase } from '../helpers/database';
import { type MailServer, startMailServer } from '../helpers/mail-server';
import { freePort } from '../helpers/processes';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * A 300-recipient campaign whose sender is killed (SIGKILL) a third of the way, then a new server on
 * the same database finishes it: every recipient receives the message exactly once
 * (docs/decisions/026-email-campaigns.md). The SMTP server holds every RCPT TO after the 100th
 * message, so the kill lands while messages are under way but before their data was sent: sent,
 * claimed and pending rows all exist when the process dies (six batches of 50).
 * Whole processes: the scale tier (docs/decisions/041-test-tiers.md). The SQL it relies on (the
 * advisory lock a dead session lets go of, the release of claimed and committing rows, the next
 * start taking the campaign up) is proven on every PostgreSQL by campaigns/campaigns-recover.test.ts.
 */

const RECIPIENTS = 300;
const KILL_AFTER = 100;
const apiDir = path.resolve(import.meta.dirname, '../..');

let databaseUrl: string;
let database: Database;
let mail: MailServer;
let dataDir: string;
let holding = false;
/** After the restart the server answers everything. */
let restarted = false;
/** Recipients the SMTP server took (RCPT TO answered), and messages whose data it took. */
let recipientsTaken = 0;
let accepted = 0;
const held: Array<() => void> = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createFreshDatabase();
  database = connectDatabase(databaseUrl, 3);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-kill-'));
  await database.db.execute(sql`
    insert into users (id, name, email, password_hash, role)
    select lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || lpad(to_hex(g), 16, '0'),
           'Customer ' || g, 'customer' || g || '@kill.example', 'not-a-hash', 'user'
    from generate_series(1, ${RECIPIENTS}) g`);
  mail = await startMailServer({
    onRecipient: () => {
      if (!holding) {
        recipientsTaken += 1;
        return undefined;
      }
      // Never answered while holding: the sender waits before DATA until it is killed.
      return new Promise((resolve) => held.push(() => resolve({ code: 421, message: 'Closing' })));
    },
    onMessage: () => {
      accepted += 1;
      if (accepted >= KILL_AFTER && !restarted) holding = true;
      return undefined;
    },
  });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const release of held.splice(0)) release();
  await mail?.close();
  await database?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startServer(port: number) {
  // The built server, as npm run serve runs it (built here when missing or older than its sources).
  await ensureServerBuilt();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.url,
      MAIL_RATE: '2000',
      PUBLIC_URL: 'https://shop.example.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  await waitUntil(() => {
    if (child.exitCode !== null) throw new Error('the server exited');
    return out.includes('Backroom is running');
  }, 'the server to start').catch((error: Error) => {
    throw new Error(`${error.message}: ${out}`);
  });
  return { child, output: () => out };
}

async function statuses(): Promise<Record<string, number>> {
  const rows = await database.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from email_deliveries group by status`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
}

it('sends each of 300 recipients the campaign exactly once across a kill -9 and a restart', async () => {
  const admin = await createUser(database.db, { role: 'admin' });
  const { token } = await createSessionToken(database.db, admin.id);

  const port = await freePort();
  const first = await startServer(port);
  const res = await fetch(`http://127.0.0.1:${port}${API_PATHS.sendNewsletter}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({
      audience: 'all',
      subject: 'Everyone, once',
      message: 'One copy each, whatever happens.',
      notificationType: 'newProduct',
      productLink: null,
      productsData: null,
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { message: string; campaignId: string };
  expect(body.message).toBe(MESSAGES.emailSent(RECIPIENTS));

  // Messages under way and held before their data, and nothing between: every recipient taken
  // has had its data taken and is marked sent, every later one waits at RCPT TO. Now the process
  // dies without a word.
  await waitUntil(async () => {
    if (!holding || held.length === 0 || recipientsTaken !== accepted) return false;
    const now = await statuses();
    return now.sent === accepted && now.committing === undefined;
  }, 'the sender to be held with nothing else under way');
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;

  const afterKill = await statuses();
  expect(afterKill.sent).toBeGreaterThanOrEqual(KILL_AFTER - 10);
  expect(afterKill.sent).toBeLessThan(RECIPIENTS);
  expect(afterKill.sending).toBeGreaterThan(0);
  expect(afterKill.committing ?? 0).toBe(0);

  restarted = true;
  holding = false;
  for (const release of held.splice(0)) release();
  const second = await startServer(await freePort());
  await waitUntil(async () => {
    const rows = await database.db.execute<{ status: string }>(
      sql`select status from email_campaigns where id = ${body.campaignId}`,
    );
    return rows.rows[0]?.status === 'done';
  }, 'the campaign to finish after the restart').catch(async (err) => {
    const jobs = await database.db.execute(sql`select name, state, retry_count, output, start_after from pgboss.job`);
    const locks = await database.db.execute(
      sql`select pid, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database()`,
    );
    throw new Error(
      `${err.message}: ${JSON.stringify(await statuses())} ${JSON.stringify(jobs.rows)} ${JSON.stringify(locks.rows)} ${second.output()}`,
    );
  });

  const perRecipient = new Map<string, number>();
  for (const m of mail.received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  expect(perRecipient.size).toBe(RECIPIENTS);
  expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
  expect(mail.received).toHaveLength(RECIPIENTS);
  expect(await statuses()).toEqual({ sent: RECIPIENTS });
  const [campaign] = (
    await database.db.execute<{ sent_count: number; failed_count: number; recipient_count: number }>(
      sql`select sent_count, failed_count, recipient_count from email_campaigns where id = ${body.campaignId}`,
    )
  ).rows;
  expect(campaign).toEqual({ sent_count: RECIPIENTS, failed_count: 0, recipient_count: RECIPIENTS });

  const stopped = new Promise((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
});

it('never sends again a message whose end had left when the sender died: it counts as failed', async () => {
  const admin = await createUser(database.db, { role: 'admin' });
  const { token } = await createSessionToken(database.db, admin.id);
  const recipients = [];
  for (let i = 0; i < 20; i += 1) recipients.push(await createUser(database.db, { email: `doubt${i}@kill.example` }));
  const before = mail.received.length;
  // From the 5th message on, the data arrives but the server never answers it: the sender has
  // sent the message's end and waits for the reply when it is killed.
  let seen = 0;
  const unanswered = new Set<string>();
  mail.options.onMessage = (to) => {
    seen += 1;
    if (seen < 5) return undefined;
    for (const address of to) unanswered.add(address);
    return new Promise(() => {});
  };
  mail.options.onRecipient = undefined;

  const port = await freePort();
  const first = await startServer(port);
  const res = await fetch(`http://127.0.0.1:${port}${API_PATHS.sendNewsletter}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({
      recipients: recipients.map((r) => r.id),
      subject: 'In doubt',
      message: 'Never twice.',
      notificationType: 'comingSoon',
    }),
  });
  expect(res.status).toBe(200);
  const { campaignId } = (await res.json()) as { campaignId: string };
  // The sender sends five at a time (sender.ts): once five wait for their answer, nothing else
  // moves, and exactly those five are marked as having sent their end.
  await waitUntil(async () => {
    if (unanswered.size < 5) return false;
    const committing = await database.db.execute<{ email: string }>(
      sql`select email from email_deliveries where campaign_id = ${campaignId} and status = 'committing'`,
    );
    return committing.rows.length === unanswered.size && committing.rows.every((r) => unanswered.has(r.email));
  }, 'five messages to wait for their answer');
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  const inDoubt = (
    await database.db.execute<{ email: string }>(
      sql`select email from email_deliveries where campaign_id = ${campaignId} and status = 'committing'`,
    )
  ).rows.map((r) => r.email);
  expect(inDoubt.length).toBeGreaterThan(0);
  expect(new Set(inDoubt)).toEqual(unanswered);

  mail.options.onMessage = undefined;
  const second = await startServer(await freePort());
  await waitUntil(
    async () =>
      (await database.db.execute<{ status: string }>(sql`select status from email_campaigns where id = ${campaignId}`))
        .rows[0]?.status === 'done',
    'the campaign to finish after the restart',
  );
  // Each address's data reached the server once at most: the in-doubt ones were not sent again.
  for (const r of recipients) expect(mail.attempts.get(r.email) ?? 0).toBe(1);
  const accepted = mail.received.slice(before).flatMap((m) => m.to);
  expect(accepted.sort()).toEqual(
    recipients
      .map((r) => r.email)
      .filter((e) => !unanswered.has(e))
      .sort(),
  );
  const rows = (
    await database.db.execute<{ email: string; status: string; last_error: string | null }>(
      sql`select email, status, last_error from email_deliveries where campaign_id = ${campaignId}`,
    )
  ).rows;
  for (const row of rows) {
    if (unanswered.has(row.email)) {
      expect(row.status).toBe('failed');
      expect(row.last_error).toContain('not sent again');
    } else {
      expect(row.status).toBe('sent');
    }
  }
  const stopped = new Promise((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
});

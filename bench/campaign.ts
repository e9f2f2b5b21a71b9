/**
 * Accepting an All Users campaign at 100k customers (issue 10): the time POST
 * /api/user/send-newsletter takes to answer (goal: under 1 s; the sending happens in the
 * background), and, for information, how long the job then takes to add the 100k deliveries in
 * one INSERT ... SELECT. Each measured campaign is stopped once its deliveries exist, so the
 * bench does not go on to write 100k outbox messages. Run by run.ts after the users bench.
 */
import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase, type Database, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { insertBulkUsers } from '../apps/api/src/demo/bulk';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { percentile, type Timing } from './timing';

export interface CampaignBench {
  customers: number;
  accept: Timing;
  /** From the answer until the job had added every delivery. */
  expand: Timing;
}

export const CAMPAIGN_GOALS = { acceptMs: 1000 };
const SAMPLES = 5;

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export async function benchCampaign(options: {
  base: string;
  token: string;
  database: Database;
}): Promise<CampaignBench> {
  const { base, token, database } = options;
  const db = database.db;
  const customers = Number(
    (await db.execute<{ n: string }>(sql`select count(*)::text as n from users where role = 'user' and is_active`))
      .rows[0]?.n ?? 0,
  );
  const accept: number[] = [];
  const expand: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}${API_PATHS.sendNewsletter}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({
        audience: 'all',
        subject: `Bench campaign ${i + 1}`,
        message: 'Something new has just arrived.',
        notificationType: 'newProduct',
        productLink: null,
        productsData: null,
      }),
    });
    const body = (await res.json()) as { campaignId?: string; message?: string };
    const answered = performance.now();
    if (res.status !== 200 || !body.campaignId)
      throw new Error(`send-newsletter answered ${res.status}: ${body.message}`);
    accept.push(answered - started);
    for (;;) {
      const [row] = (
        await db.execute<{ status: string }>(sql`select status from email_campaigns where id = ${body.campaignId}`)
      ).rows;
      if (row && row.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expand.push(performance.now() - answered);
    // Stop it: no outbox of 100k messages per sample.
    await db.execute(sql`delete from email_deliveries where campaign_id = ${body.campaignId}`);
    await db.execute(sql`update email_campaigns set status = 'done' where id = ${body.campaignId}`);
  }
  return { customers, accept: timing(accept), expand: timing(expand) };
}

export function campaignReport(result: CampaignBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ok = result.accept.p95 < CAMPAIGN_GOALS.acceptMs;
  return [
    `All Users campaign at ${fmt(result.customers)} active customers, ${SAMPLES} campaigns one after another:`,
    `  accepted (POST ${API_PATHS.sendNewsletter} answered): median ${fmt(result.accept.median, 1)} ms, ` +
      `worst ${fmt(result.accept.p95, 1)} ms (goal: under ${fmt(CAMPAIGN_GOALS.acceptMs)} ms) ${ok ? 'ok' : 'MISSED'}`,
    `  then the job added every delivery (one INSERT ... SELECT) within: median ${fmt(result.expand.median)} ms, ` +
      `worst ${fmt(result.expand.p95)} ms`,
  ];
}

/** On its own: a fresh embedded database with BENCH_USERS customers (100k), the app in this process. */
async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-campaign-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir);
  const admin = { email: 'bench@example.com', password: 'bench-password' };
  try {
    await migrateDatabase(cluster.url);
    const database = connectDatabase(cluster.url, 10);
    await ensureFirstAdmin(database.db, { ...admin, dataDir: dir });
    await insertBulkUsers(database.db, Number(process.env.BENCH_USERS ?? 100_000), {
      passwordHash: await hashPassword(randomBytes(16).toString('hex')),
    });
    await database.db.execute(sql`vacuum analyze users`);
    const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(`\n${campaignReport(await benchCampaign({ base, token, database })).join('\n')}`);
    await app.close();
    await database.close();
  } finally {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith(path.join('bench', 'campaign.ts'))) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Accepting an All Users campaign at 100k customers (issue 10): the time POST
 * /api/user/send-newsletter takes to answer (goal: under 1 s; the sending happens in the
 * background), and, for information, how long the job then takes to add the 100k deliveries in
 * one INSERT ... SELECT. Each measured campaign is stopped once its deliveries exist, so the
 * bench does not go on to write 100k outbox messages. Run by run.ts after the users bench.
 */
import '../apps/api/src/process-signals';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkUsers } from '../apps/api/src/demo/bulk';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';
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
if (isMainBench('campaign.ts')) {
  startStandalone(
    'campaign',
    async (database) => {
      await insertBulkUsers(database.db, Number(process.env.BENCH_USERS ?? 100_000), {
        passwordHash: await unusablePasswordHash(),
      });
      await database.db.execute(sql`vacuum analyze users`);
    },
    async ({ base, token, database }) => campaignReport(await benchCampaign({ base, token, database })),
  );
}

import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/users';

/* The demo shop's User Notifications history: unsubscribed customers, two past campaigns in the outbox. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await generateDemo(t.database.db, { customers: 60 });
});
afterAll(() => t.close());

it('has a few unsubscribed customers and two finished campaigns whose messages are in the outbox', async () => {
  const db = t.database.db;
  const [unsub] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from users where unsubscribed_at is not null`)
  ).rows;
  expect(unsub?.n).toBeGreaterThanOrEqual(3);

  const token = await adminToken(db);
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.campaigns, headers: { token } });
  expect(res.statusCode).toBe(200);
  const { campaigns } = res.json() as { campaigns: Array<Record<string, unknown>> };
  expect(campaigns.map((c) => c.notificationType)).toEqual(['discountedProduct', 'newProduct']);
  expect(campaigns[0]).toMatchObject({ audience: 'all', status: 'done', pending: 0, failed: 0 });
  expect(campaigns[0]?.skipped).toBeGreaterThan(0);

  const outbox = (
    await db.execute<{ campaign_id: string; n: number }>(
      sql`select campaign_id, count(*)::int as n from email_outbox group by campaign_id`,
    )
  ).rows;
  for (const c of campaigns) {
    expect(outbox.find((o) => o.campaign_id === c._id)?.n).toBe(c.sent);
  }
  // No message to anyone who had unsubscribed before the campaign.
  const wrong = (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from email_outbox o join email_deliveries d on d.id = o.delivery_id
      join email_campaigns c on c.id = o.campaign_id join users u on u.id = d.user_id
      where u.unsubscribed_at < c.created_at`)
  ).rows[0];
  expect(wrong?.n).toBe(0);
  const detail = await t.app.inject({
    method: 'GET',
    url: `${API_PATHS.campaigns}/${campaigns[1]?._id}`,
    headers: { token },
  });
  expect(detail.json().campaign.html).toContain('New arrivals just landed');
});

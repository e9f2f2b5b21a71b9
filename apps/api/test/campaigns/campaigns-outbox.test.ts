import { API_PATHS, MESSAGES } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/* Without SMTP_URL every message goes to the outbox table, which the Sent e-mails view reads. */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.localhost:3000' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
});
afterAll(() => t.close());

function finished(id: string) {
  return waitUntil(async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.campaigns}/${id}`, headers: { token } });
    return res.json().campaign.status === 'done' ? res.json().campaign : undefined;
  }, 'the campaign to be done');
}

it('writes one outbox row per recipient, exactly once, with the rendered message and headers', async () => {
  const customers = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.sendNewsletter,
    headers: { token },
    payload: {
      recipients: customers.slice(0, 2).map((c) => c.id),
      subject: 'Coming soon',
      message: 'Watch this space <img src=x onerror=alert(1)>',
      productLink: null,
      notificationType: 'comingSoon',
      productsData: null,
    },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(MESSAGES.emailSent(2));
  const campaign = await finished(res.json().campaignId);
  expect(campaign).toMatchObject({ sent: 2, pending: 0, failed: 0 });
  expect(campaign.html).toContain('Watch this space &lt;img src=x onerror=alert(1)&gt;');
  expect(campaign.text).toContain('Watch this space <img src=x onerror=alert(1)>');

  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.campaignId, campaign._id));
  expect(rows.map((r) => r.toAddress).sort()).toEqual(
    customers
      .slice(0, 2)
      .map((c) => c.email)
      .sort(),
  );
  for (const row of rows) {
    expect(row.subject).toBe('Coming soon');
    expect(row.html).not.toContain('<img src=x');
    expect(row.headers['List-Unsubscribe']).toMatch(/^<http:\/\/shop\.localhost:3000\/api\/unsubscribe\?token=/);
    expect(row.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(row.headers.From).toBe('no-reply@localhost');
    expect(row.html).toContain(row.headers['List-Unsubscribe']?.slice(1, -1));
    expect(row.text).toContain('Unsubscribe: http://shop.localhost:3000/api/unsubscribe?token=');
  }
});

it('sends All Users from the audience value and lists it first', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.sendNewsletter,
    headers: { token },
    payload: { audience: 'all', subject: 'Hello all', message: 'Hi', notificationType: 'newProduct' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().recipients).toBe(3);
  await finished(res.json().campaignId);
  const list = await t.app.inject({ method: 'GET', url: API_PATHS.campaigns, headers: { token } });
  expect(list.json().campaigns[0]).toMatchObject({ subject: 'Hello all', audience: 'all', sent: 3, recipients: 3 });
  expect(list.json().total).toBe(2);
});

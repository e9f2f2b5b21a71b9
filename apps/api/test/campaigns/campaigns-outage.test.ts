import { API_PATHS } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailDeliveries } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { closedPort, type MailServer, startMailServer } from '../helpers/mail-server';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * The mail server cannot be reached (docs/decisions/043-email-delivery-failures.md): a refused
 * connection is a failure worth another try, like a 4xx, retried after MAIL_RETRY_DELAY. The
 * campaign starts while nothing listens on SMTP_URL's port; once every recipient has had a refused
 * try, a real SMTP server opens on that port, and each recipient gets the message exactly once.
 */

let t: TestApp;
let mail: MailServer | undefined;
let port: number;

beforeAll(async () => {
  port = await closedPort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RATE: '500', MAIL_RETRY_DELAY: '1s' });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

it('retries recipients whose connection was refused, and sends each exactly once when the server is back', async () => {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const { token } = await createSessionToken(t.database.db, admin.id);
  // More recipients than the sender's five connections.
  const customers = await Promise.all(Array.from({ length: 7 }, () => createUser(t.database.db)));
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.sendNewsletter,
    headers: { token },
    payload: {
      recipients: customers.map((c) => c.id),
      subject: 'While the server is down',
      message: 'Hello',
      notificationType: 'comingSoon',
    },
  });
  expect(res.statusCode).toBe(200);
  const campaignId = res.json().campaignId as string;
  const deliveries = () =>
    t.database.db
      .select({
        email: emailDeliveries.email,
        status: emailDeliveries.status,
        attempts: emailDeliveries.attempts,
        lastError: emailDeliveries.lastError,
      })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.campaignId, campaignId));

  // Every recipient was tried, refused, and waits for its retry: none hangs in 'sending'.
  const refused = await waitUntil(async () => {
    const rows = await deliveries();
    return rows.every((r) => r.status === 'pending' && r.attempts >= 1 && r.lastError) ? rows : undefined;
  }, 'every delivery to be refused and waiting for its retry');
  for (const row of refused) expect(row.lastError).toMatch(/ECONNREFUSED/);

  mail = await startMailServer({ port });
  const server = mail;
  const done = await waitUntil(async () => {
    const view = await t.app.inject({ method: 'GET', url: `${API_PATHS.campaigns}/${campaignId}`, headers: { token } });
    const campaign = view.json().campaign;
    return campaign.status === 'done' ? campaign : undefined;
  }, 'the campaign to finish once the server is back');
  expect(done).toMatchObject({ sent: customers.length, failed: 0, pending: 0 });
  for (const customer of customers) {
    expect(server.received.filter((m) => m.to.includes(customer.email))).toHaveLength(1);
  }
  expect(server.received).toHaveLength(customers.length);
  for (const row of await deliveries()) {
    expect(row.status).toBe('sent');
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  }
});

import { API_PATHS } from '@backroom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type MailServer, startMailServer } from '../helpers/mail-server';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * SMTP_URL with a login, against a server that offers STARTTLS: the connection upgrades to TLS
 * before logging in (the test server's certificate is self-signed, so the URL says
 * tls.rejectUnauthorized=false, as nodemailer's URLs do), and the message arrives.
 */

let t: TestApp;
let mail: MailServer;

beforeAll(async () => {
  mail = await startMailServer({ starttls: true, auth: { user: 'shop@example.test', pass: 'p@ss:word/1' } });
  const user = encodeURIComponent('shop@example.test');
  const pass = encodeURIComponent('p@ss:word/1');
  t = await createTestApp({
    SMTP_URL: `smtp://${user}:${pass}@127.0.0.1:${mail.port}/?tls.rejectUnauthorized=false`,
    MAIL_RATE: '100',
  });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

it('upgrades with STARTTLS, logs in with the URL’s user and password, and delivers', async () => {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const { token } = await createSessionToken(t.database.db, admin.id);
  const customer = await createUser(t.database.db);
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.sendNewsletter,
    headers: { token },
    payload: { recipients: [customer.id], subject: 'Over TLS', message: 'Hello', notificationType: 'comingSoon' },
  });
  expect(res.statusCode).toBe(200);
  await waitUntil(() => mail.received.length > 0, 'the message to arrive');
  expect(mail.received).toHaveLength(1);
  expect(mail.received[0]?.to).toEqual([customer.email]);
  expect(mail.secured).toBeGreaterThanOrEqual(1);
  expect(mail.logins).toContain('shop@example.test');
});

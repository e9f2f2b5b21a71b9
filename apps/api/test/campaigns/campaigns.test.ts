import {
  API_PATHS,
  type Campaign,
  type CampaignDetailResponse,
  type CampaignProgressEvent,
  EVENTS,
  MESSAGES,
} from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries, products, users } from '../../src/db/schema';
import { mailImageName, newImageName, thumbName } from '../../src/storage/names';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { webp } from '../helpers/images';
import { type MailServer, startMailServer } from '../helpers/mail-server';
import { rung } from '../helpers/notifications';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * POST /api/user/send-newsletter delivered over SMTP to a real server (smtp-server), every message
 * parsed with mailparser; campaigns, progress, retries, refusals, headers and pictures,
 * unsubscribing.
 */

let t: TestApp;
let mail: MailServer;
let token: string;
let socket: Socket;
let customers: Array<{ id: string; email: string; name: string }>;
let productId: string;
/** The product's image, a real WebP (with its thumbnail) in the image storage. */
let productImage: string;
let firstCampaignId: string;
const PUBLIC_URL = 'https://shop.example.test';
/** The sender's domain differs from PUBLIC_URL's host, as it may in a real shop. */
const SENDER_DOMAIN = 'mail.shop-example.org';

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({
    SMTP_URL: mail.url,
    MAIL_FROM: `Our Shop <news@${SENDER_DOMAIN}>`,
    MAIL_RATE: '500',
    MAIL_RETRY_DELAY: '1s',
    PUBLIC_URL,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Mia Admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  socket = await adminSocket(t, token);
  customers = [];
  for (let i = 0; i < 4; i += 1) customers.push(await createUser(t.database.db, { name: `Customer ${i}` }));
  productImage = newImageName();
  await t.app.ctx.storage.put(productImage, await webp(800, 600));
  await t.app.ctx.storage.put(thumbName(productImage), await webp(320, 240));
  const [product] = await t.database.db
    .insert(products)
    .values({
      name: 'Ceramic Mug <Blue>',
      priceCents: 2000,
      discount: 20,
      mainCategory: 'Kitchen',
      subCategory: 'Mugs',
      images: [productImage],
    })
    .returning({ id: products.id });
  productId = (product as { id: string }).id;
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  await mail?.close();
});

function send(payload: Record<string, unknown>, headers: Record<string, string> = { token }) {
  return t.app.inject({ method: 'POST', url: API_PATHS.sendNewsletter, headers, payload });
}

const base = { subject: 'Spring news', message: 'Hello there', notificationType: 'newProduct', productLink: '' };

async function campaign(id: string): Promise<CampaignDetailResponse['campaign']> {
  const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.campaigns}/${id}`, headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.json().campaign;
}

/** The campaign once nothing is pending any more. */
async function finished(id: string) {
  let last: Awaited<ReturnType<typeof campaign>> | undefined;
  await waitUntil(async () => {
    last = await campaign(id);
    return last.status === 'done';
  }, 'the campaign to be done').catch((error: Error) => {
    throw new Error(`${error.message}: ${JSON.stringify(last)}`);
  });
  return last as Awaited<ReturnType<typeof campaign>>;
}

/** A header as it was written (mailparser turns List-* headers into objects). */
function header(m: MailServer['received'][number]['mail'], name: string): string {
  const line = m.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

const receivedBy = (email: string) => mail.received.filter((m) => m.to.includes(email));

describe('refusals', () => {
  it('needs an admin: 401 without a token, 403 with a bad one or a customer', async () => {
    const payload = { ...base, recipients: [customers[0]?.id] };
    expect((await send(payload, {})).statusCode).toBe(401);
    expect((await send(payload, { token: 'nope' })).statusCode).toBe(403);
    const customerToken = (await createSessionToken(t.database.db, customers[0]?.id as string)).token;
    expect((await send(payload, { token: customerToken })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: API_PATHS.campaigns });
    expect(list.statusCode).toBe(401);
  });

  it.each([
    ['subject', { ...base, subject: '  ' }, 'subject: is required'],
    ['message', { ...base, message: '' }, 'message: is required'],
    [
      'subject with CR LF',
      { ...base, subject: 'Hi\r\nBcc: all@example.com' },
      'subject: must not contain a line break',
    ],
    ['subject with LF', { ...base, subject: 'Hi\nthere' }, 'subject: must not contain a line break'],
    ['link', { ...base, productLink: 'javascript:alert(1)' }, 'productLink: must be an http:// or https:// link'],
    ['type', { ...base, notificationType: 'spam' }, 'notificationType: must be one of'],
    ['products', { ...base, productsData: [{ _id: 'x' }] }, 'productsData.0._id: must be a 24-character hex id'],
  ])('refuses a bad %s with 400 naming the field', async (_name, payload, message) => {
    const res = await send({ ...payload, recipients: [customers[0]?.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('needs at least one recipient for selected users, and existing ones', async () => {
    const none = await send({ ...base, recipients: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`recipients: ${MESSAGES.selectAtLeastOneUser}`);
    const unknown = await send({ ...base, recipients: ['0123456789abcdef01234567'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`recipients: ${MESSAGES.selectAtLeastOneUser}`);
    const gone = await send({
      ...base,
      recipients: [customers[0]?.id],
      productsData: [{ _id: '0123456789abcdef01234567' }],
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toMatch(/^productsData: /);
  });
});

describe('a campaign to selected users', () => {
  it('answers at once, then delivers HTML and text with snapshot prices, escaped text and unsubscribe headers', async () => {
    const [a, b] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const progress = nextEvent<CampaignProgressEvent>(
      socket,
      EVENTS.campaignProgress,
      (c) => c.status === 'done',
      15_000,
    );
    const res = await send({
      ...base,
      notificationType: 'discountedProduct',
      subject: 'Our <b>sale</b> & more',
      message: 'First line <script>alert(1)</script>\nsecond line\n\nNew paragraph',
      productLink: 'https://shop.example.test/sale?x=1&y=2',
      recipients: [a.id, b.id, a.id],
      // Only the id is read: the name and price come from the catalogue.
      productsData: [{ _id: productId, name: 'Fake', price: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MESSAGES.emailSent(2), recipients: 2 });
    firstCampaignId = body.campaignId;

    // The catalogue changes after the campaign was made: the e-mail keeps the snapshot.
    await t.database.db.update(products).set({ priceCents: 9999, discount: 0 }).where(eq(products.id, productId));

    const done = await finished(body.campaignId);
    expect(done).toMatchObject({ sent: 2, failed: 0, skipped: 0, pending: 0, recipients: 2 });
    expect((await progress).sent).toBe(2);

    for (const customer of [a, b]) {
      const got = receivedBy(customer.email);
      expect(got).toHaveLength(1);
      const { mail: m, from } = got[0] as (typeof got)[0];
      expect(from).toBe(`news@${SENDER_DOMAIN}`);
      expect(m.subject).toBe('Our <b>sale</b> & more');
      expect(m.from?.text).toContain('Our Shop');
      const html = String(m.html);
      expect(html).not.toContain('<script>');
      expect(html).toContain('First line &lt;script&gt;alert(1)&lt;/script&gt;<br>second line</p>');
      expect(html).toContain('<p style="margin:0 0 16px;font-size:15px;line-height:1.5">New paragraph</p>');
      expect(html).toContain('Our &lt;b&gt;sale&lt;/b&gt; &amp; more');
      expect(html).toContain('Ceramic Mug &lt;Blue&gt;');
      expect(html).not.toContain('Fake');
      expect(html).toMatch(/<s [^>]*>\$20\.00<\/s>/);
      expect(html).toContain('$16.00');
      expect(html).toContain(`src="${PUBLIC_URL}/uploads/`);
      expect(html).toContain('href="https://shop.example.test/sale?x=1&amp;y=2"');
      expect(m.text).toContain('First line <script>alert(1)</script>\nsecond line\n\nNew paragraph');
      expect(m.text).toContain('Ceramic Mug <Blue> (Kitchen / Mugs): $16.00 (was $20.00, -20%)');
      const unsubscribe = header(m, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?token=${customer.id}\\.`));
      expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(html).toContain(unsubscribe.slice(1, -1));
    }
    // The campaign's own view renders the snapshot too.
    expect(done.html).toContain('$16.00');
    expect(done.products[0]).toMatchObject({ name: 'Ceramic Mug <Blue>', priceCents: 2000, discount: 20 });
  });

  it('retries a 451 with a delay and records a 550 as failed for that recipient only', async () => {
    const [, , c, d] = customers as Array<(typeof customers)[0]>;
    mail.options.onMessage = (to, attempt) => {
      if (to.includes(c?.email as string) && attempt === 1) return { code: 451, message: 'Try again later' };
      if (to.includes(d?.email as string)) return { code: 550, message: 'No such mailbox' };
      return undefined;
    };
    try {
      const res = await send({ ...base, recipients: [c?.id, d?.id] });
      const done = await finished(res.json().campaignId);
      expect(done).toMatchObject({ sent: 1, failed: 1, pending: 0 });
      // The bell tells its end with its failures (docs/decisions/056-notifications.md).
      const told = await rung(t, token, (n) => n.subject.campaignId === done._id);
      expect(told).toMatchObject({ kind: 'campaign', read: false });
      expect(told.title).toMatch(/ sent to 1 of 2, 1 failed$/);
      expect(receivedBy(c?.email as string)).toHaveLength(1);
      expect(mail.attempts.get(c?.email as string)).toBe(2);
      expect(receivedBy(d?.email as string)).toHaveLength(0);
      const rows = await t.database.db
        .select({
          email: emailDeliveries.email,
          status: emailDeliveries.status,
          attempts: emailDeliveries.attempts,
          lastError: emailDeliveries.lastError,
        })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.campaignId, res.json().campaignId));
      expect(rows.find((r) => r.email === c?.email)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(rows.find((r) => r.email === d?.email)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(rows.find((r) => r.email === d?.email)?.lastError).toContain('No such mailbox');
    } finally {
      mail.options.onMessage = undefined;
    }
  });
});

describe('what every mail client shows', () => {
  const firstMessages = () =>
    [customers[0], customers[1]].map((c) => receivedBy(c?.email as string)[0] as MailServer['received'][number]);

  it("names each message on the sender's domain (MAIL_FROM's, not PUBLIC_URL's host)", async () => {
    const rows = await t.database.db
      .select({ id: emailDeliveries.id, email: emailDeliveries.email })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.campaignId, firstCampaignId));
    for (const got of firstMessages()) {
      const delivery = rows.find((r) => got.to.includes(r.email));
      expect(header(got.mail, 'Message-ID')).toBe(`<${delivery?.id}@${SENDER_DOMAIN}>`);
    }
  });

  it('says which list each message belongs to: one, the shop’s campaigns (unsubscribing is from all of them)', () => {
    for (const got of firstMessages()) expect(header(got.mail, 'List-Id')).toBe(`<campaigns.${SENDER_DOMAIN}>`);
  });

  it('shows the product picture as a JPEG the server serves, never WebP, and the preview shows the same', async () => {
    const sources = firstMessages().map((got) => String(got.mail.html).match(/<img src="([^"]+)"/)?.[1] ?? '');
    const src = sources[0] as string;
    expect(sources).toEqual([src, src]);
    expect(src).toBe(`${PUBLIC_URL}/uploads/${mailImageName(productImage)}`);
    const path = src.slice(PUBLIC_URL.length);
    const picture = await t.app.inject({ method: 'GET', url: path });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 240, height: 180 });
    // The Sent e-mails preview loads it from the admin's own origin, whatever PUBLIC_URL says.
    const preview = await campaign(firstCampaignId);
    expect(preview.html).toContain(`<img src="${path}"`);
    expect(preview.products[0]?.image).toBe(path);
  });
});

describe('All Users and unsubscribing', () => {
  it('sends to every active customer as one audience value, skipping and counting the unsubscribed', async () => {
    const [a] = customers as Array<(typeof customers)[0]>;
    const link = header(
      receivedBy(a?.email as string)[0]?.mail as MailServer['received'][number]['mail'],
      'List-Unsubscribe',
    ).slice(1, -1);
    const path = link.slice(PUBLIC_URL.length);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    // Opening the link changes nothing: a link scanner may open it.
    const [before] = await t.database.db
      .select({ at: users.unsubscribedAt })
      .from(users)
      .where(eq(users.id, a?.id as string));
    expect(before?.at).toBeNull();

    // The mail program's one-click POST (RFC 8058), no token header needed.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().success).toBe(true);
    const [after] = await t.database.db
      .select({ at: users.unsubscribedAt })
      .from(users)
      .where(eq(users.id, a?.id as string));
    expect(after?.at).toBeInstanceOf(Date);

    const inactive = await createUser(t.database.db, { isActive: false });
    const before2 = mail.received.length;
    const res = await send({ ...base, audience: 'all', subject: 'To everyone' });
    expect(res.statusCode).toBe(200);
    // Every customer counts (the unsubscribed one too, then skipped); the inactive one and admins do not.
    const [{ n } = { n: 0 }] = await t.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from users where role = 'user' and is_active`)
      .then((r) => r.rows);
    expect(res.json().recipients).toBe(n);
    const done = await finished(res.json().campaignId);
    expect(done).toMatchObject({ sent: n - 1, skipped: 1, failed: 0, pending: 0, audience: 'all' });
    const got = mail.received.slice(before2);
    expect(got).toHaveLength(n - 1);
    expect(got.some((m) => m.to.includes(a?.email as string))).toBe(false);
    expect(got.some((m) => m.to.includes(inactive.email))).toBe(false);
  });

  it('refuses a forged or malformed token', async () => {
    const forged = `${customers[1]?.id}.${'A'.repeat(43)}`;
    for (const tokenValue of [forged, 'nonsense', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PATHS.unsubscribe}?token=${encodeURIComponent(tokenValue)}`,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^token: /);
    }
  });
});

describe('GET /api/campaigns', () => {
  it('lists campaigns newest first with their counts, paged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.campaigns}?page=1&pageSize=2`,
      headers: { token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { campaigns: Campaign[]; total: number; pageSize: number };
    expect(body.total).toBe(3);
    expect(body.pageSize).toBe(2);
    expect(body.campaigns.map((c) => c.subject)).toEqual(['To everyone', 'Spring news']);
    expect(body.campaigns[0]).toMatchObject({ createdByName: 'Mia Admin', status: 'done' });
    const missing = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.campaigns}/0123456789abcdef01234567`,
      headers: { token },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `${API_PATHS.campaigns}?pageSize=500`, headers: { token } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^pageSize: /);
  });
});

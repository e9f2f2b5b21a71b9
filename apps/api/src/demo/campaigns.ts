import { newObjectId } from '@backroom/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCampaigns, emailDeliveries, emailOutbox, products, users } from '../db/schema';
import { findOrCreateSecret } from '../modules/auth/repository';
import { campaignHeaders } from '../modules/campaigns/mime-message';
import { personalise, renderMessage } from '../modules/campaigns/render';
import { productSnapshots } from '../modules/campaigns/repository';
import { senderAddress } from '../modules/campaigns/sender-address';
import {
  newUnsubscribeSecret,
  UNSUBSCRIBE_SECRET_NAME,
  unsubscribeToken,
  unsubscribeUrl,
} from '../modules/campaigns/unsubscribe-link';
import type { Random } from './random';

const DAY = 86_400_000;
const DEMO_PUBLIC_URL = 'http://localhost:3000';
const DEMO_FROM = 'no-reply@localhost';

interface Person {
  id: string;
  name: string;
  email: string;
}

/**
 * The demo's User Notifications history: a few customers who unsubscribed (one customer in
 * twelve) and two past campaigns in the outbox, so Sent e-mails has something to show: a New
 * Product one to a dozen selected customers three weeks ago, and a Discounted Product one to every
 * customer last week, the unsubscribed ones skipped. Answers how many outbox messages were written.
 */
export async function generateDemoCampaigns(
  db: Db,
  options: { rnd: Random; now: Date; customers: readonly Person[]; admin: Person | undefined },
): Promise<{ unsubscribed: number; messages: number }> {
  const { rnd, now, customers, admin } = options;
  const unsubscribed = customers.filter((_c, i) => i % 12 === 5);
  if (unsubscribed.length > 0) {
    await db
      .update(users)
      .set({ unsubscribedAt: new Date(now.getTime() - 10 * DAY) })
      .where(
        inArray(
          users.id,
          unsubscribed.map((c) => c.id),
        ),
      );
  }
  const demoProducts = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isDemo, true))
    .orderBy(products.id)
    .limit(40);
  const pick = (n: number) => {
    const ids = new Set<string>();
    while (ids.size < Math.min(n, demoProducts.length)) ids.add(rnd.pick(demoProducts).id);
    return [...ids];
  };
  const key = await findOrCreateSecret(db, UNSUBSCRIBE_SECRET_NAME, newUnsubscribeSecret());
  const skipped = new Set(unsubscribed.map((c) => c.id));
  let messages = 0;

  const campaigns = [
    {
      at: new Date(now.getTime() - 21 * DAY),
      notificationType: 'newProduct' as const,
      subject: 'New arrivals just landed',
      message:
        'Something new has just arrived in our shop.\n\nTake a look and be among the first to get it while stock lasts.',
      productLink: `${DEMO_PUBLIC_URL}/`,
      productIds: pick(2),
      audience: 'selected' as const,
      recipients: customers.slice(0, 12),
      skipUnsubscribed: false,
    },
    {
      at: new Date(now.getTime() - 6 * DAY),
      notificationType: 'discountedProduct' as const,
      subject: 'A special discount for you',
      message:
        'Some of our favourites are now on sale for a limited time.\n\nHave a look at the reduced prices before the offer ends.',
      productLink: null,
      productIds: pick(3),
      audience: 'all' as const,
      recipients: customers,
      skipUnsubscribed: true,
    },
  ];

  for (const c of campaigns) {
    const snapshot = await productSnapshots(db, c.productIds);
    const rendered = renderMessage({ ...c, products: snapshot }, DEMO_PUBLIC_URL);
    const campaignId = newObjectId(c.at);
    const recipients = c.recipients.map((p) => ({ person: p, skip: c.skipUnsubscribed && skipped.has(p.id) }));
    const sent = recipients.filter((r) => !r.skip);
    await db.transaction(async (tx) => {
      await tx.insert(emailCampaigns).values({
        id: campaignId,
        notificationType: c.notificationType,
        subject: c.subject,
        message: c.message,
        productLink: c.productLink,
        products: snapshot,
        audience: c.audience,
        createdBy: admin?.id ?? null,
        createdByName: admin?.name ?? '',
        recipientCount: recipients.length,
        sentCount: sent.length,
        skippedCount: recipients.length - sent.length,
        status: 'done',
        createdAt: c.at,
        finishedAt: new Date(c.at.getTime() + 60_000),
      });
      const deliveries = recipients.map((r) => ({
        id: newObjectId(c.at),
        campaignId,
        userId: r.person.id,
        email: r.person.email,
        name: r.person.name,
        status: r.skip ? 'skipped' : 'sent',
        attempts: r.skip ? 0 : 1,
        sentAt: r.skip ? null : new Date(c.at.getTime() + 30_000),
        createdAt: c.at,
      }));
      await tx.insert(emailDeliveries).values(deliveries);
      const outbox = deliveries
        .filter((d) => d.status === 'sent')
        .map((d) => {
          const link = unsubscribeUrl(DEMO_PUBLIC_URL, unsubscribeToken(d.userId, key));
          const message = personalise(rendered, link);
          return {
            deliveryId: d.id,
            campaignId,
            toAddress: d.email,
            subject: c.subject,
            html: message.html,
            text: message.text,
            headers: {
              From: DEMO_FROM,
              ...campaignHeaders({
                deliveryId: d.id,
                from: DEMO_FROM,
                to: d.email,
                subject: c.subject,
                unsubscribeUrl: link,
                domain: senderAddress(DEMO_FROM).domain,
              }),
            },
            createdAt: d.sentAt ?? c.at,
          };
        });
      for (let start = 0; start < outbox.length; start += 500) {
        await tx.insert(emailOutbox).values(outbox.slice(start, start + 500));
      }
      messages += outbox.length;
    });
  }
  return { unsubscribed: unsubscribed.length, messages };
}

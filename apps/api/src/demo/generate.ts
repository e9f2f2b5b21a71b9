import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { conversations, messages, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { ImageStorage } from '../storage/image-storage';
import { generateDemoCatalogue, removeDemoCatalogue } from './catalogue';
import { ADMIN_REPLIES, CHAT_OPENERS, FIRST_NAMES, LAST_NAMES } from './people';
import { type Random, seededRandom } from './random';

/** Every demo account's e-mail ends with this, so a reset removes exactly the demo data. */
export const DEMO_DOMAIN = 'demo.backroom.test';

export interface DemoOptions {
  customers?: number;
  seed?: number;
  now?: Date;
  /** Where the demo catalogue's images go; without it no products are made. */
  storage?: ImageStorage;
  /** Demo products (120 by default: with images; any more are generated in SQL, without images). */
  products?: number;
}

export interface DemoSummary {
  customers: number;
  admins: number;
  conversations: number;
  messages: number;
  products: number;
  images: number;
}

const DAY = 86_400_000;

/**
 * Fills the shop with demo data so every screen has something real to show: customers who
 * joined over the last two years, 2 more admins, customer conversations (some unread), and the
 * demo catalogue (demo/catalogue.ts) when a storage for its images is given. Later issues add
 * their own data here. Deterministic for a given seed (image file names aside).
 */
export async function generateDemo(db: Db, options: DemoOptions = {}): Promise<DemoSummary> {
  const rnd = seededRandom(options.seed ?? 20261122);
  const now = options.now ?? new Date();
  const customerCount = options.customers ?? 60;
  // One hash for every demo account: argon2 is slow on purpose. Nobody is told this password.
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));

  const people = makePeople(rnd, customerCount + 2, now);
  const admins = people.slice(0, 2).map((p) => ({ ...p, role: 'admin' as const }));
  const customers = people.slice(2).map((p) => ({ ...p, role: 'user' as const }));

  const summary = await db.transaction(async (tx) => {
    await tx.insert(users).values([...admins, ...customers].map((p) => ({ ...p, passwordHash })));

    const chatting = customers.filter(() => rnd.chance(0.3));
    const conversationRows: (typeof conversations.$inferInsert)[] = [];
    const messageRows: (typeof messages.$inferInsert)[] = [];
    for (const customer of chatting) {
      const conversationId = newId(new Date(now.getTime() - rnd.int(1, 60) * DAY));
      let at = Number.parseInt(conversationId.slice(0, 8), 16) * 1000;
      const count = rnd.int(1, 4);
      let last = { body: '', isAdmin: false, at };
      for (let i = 0; i < count; i++) {
        const isAdmin = i % 2 === 1;
        at += rnd.int(2, 180) * 60_000;
        const body = isAdmin ? rnd.pick(ADMIN_REPLIES) : rnd.pick(CHAT_OPENERS);
        messageRows.push({
          id: newId(new Date(at)),
          conversationId,
          senderId: isAdmin ? (admins[0]?.id ?? null) : customer.id,
          body,
          isAdmin,
          createdAt: new Date(at),
        });
        last = { body, isAdmin, at };
      }
      conversationRows.push({
        id: conversationId,
        userId: customer.id,
        participantName: customer.name,
        lastMessage: last.body,
        lastMessageAt: new Date(last.at),
        // The customer spoke last and nobody answered: unread for the admins.
        adminUnread: !last.isAdmin && rnd.chance(0.6),
      });
    }
    if (conversationRows.length > 0) await tx.insert(conversations).values(conversationRows);
    if (messageRows.length > 0) await tx.insert(messages).values(messageRows);

    return {
      customers: customers.length,
      admins: admins.length,
      conversations: conversationRows.length,
      messages: messageRows.length,
    };
  });
  const catalogue = options.storage
    ? await generateDemoCatalogue(db, options.storage, { rnd, now, count: options.products })
    : { products: 0, images: 0 };
  return { ...summary, ...catalogue };
}

/**
 * Removes every demo account and, through the foreign keys, everything that hangs on them; and
 * every demo product, with its image files when the storage is given.
 */
export async function removeDemo(db: Db, storage?: ImageStorage): Promise<void> {
  await db.delete(users).where(like(users.email, `%@${DEMO_DOMAIN}`));
  await removeDemoCatalogue(db, storage);
}

function makePeople(rnd: Random, count: number, now: Date) {
  const seen = new Set<string>();
  const people: { id: string; name: string; email: string; isActive: boolean; createdAt: Date }[] = [];
  for (let i = 0; people.length < count; i++) {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const base = `${first}.${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    const email = `${seen.has(base) ? `${base}${i}` : base}@${DEMO_DOMAIN}`;
    seen.add(base);
    const joined = new Date(now.getTime() - rnd.int(1, 730) * DAY - rnd.int(0, DAY - 1));
    people.push({ id: newId(joined), name: `${first} ${last}`, email, isActive: rnd.chance(0.92), createdAt: joined });
  }
  return people;
}

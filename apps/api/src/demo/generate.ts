import { randomBytes } from 'node:crypto';
import { newObjectId } from '@backroom/contract';
import { inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { ImageStorage } from '../storage/image-storage';
import { insertBulkOrders, insertBulkUsers, type Progress } from './bulk';
import { generateDemoBundles, removeDemoBundles } from './bundles';
import { generateDemoCampaigns } from './campaigns';
import { generateDemoCatalogue, removeDemoCatalogue } from './catalogue';
import { generateDemoConversations } from './conversations';
import { generateDemoDiscounts, removeDemoDiscounts } from './discounts';
import { DEMO_ORDERS, demoProductsForOrders, generateDemoOrders } from './orders';
import { DEMO_DOMAIN, FIRST_NAMES, LAST_NAMES } from './people';
import { type Random, seededRandom } from './random';
import { generateDemoStock } from './stock';
import { generateDemoWishlists } from './wishlists';

export { DEMO_DOMAIN } from './people';

/** Customers the demo makes one by one; more than this are generated in SQL (demo/bulk.ts). */
export const DEMO_CUSTOMERS_IN_DETAIL = 2000;

export interface DemoOptions {
  customers?: number;
  /**
   * How many of the customers are made one by one (DEMO_CUSTOMERS_IN_DETAIL by default); the rest
   * are generated in SQL. A test sets fewer to reach the SQL path without making 2,000 in detail.
   */
  customersInDetail?: number;
  seed?: number;
  now?: Date;
  /** Where the demo catalogue's images go; without it no products are made. */
  storage?: ImageStorage;
  /** Demo products (120 by default: with images; any more are generated in SQL, without images). */
  products?: number;
  /**
   * Demo orders (DEMO_ORDERS by default: from the first customers, with their status history);
   * any more are generated in SQL over all the demo customers, without history.
   */
  orders?: number;
  /** The shop's time zone (SHOP_TIMEZONE) the codes' and bundles' days are counted in; UTC by default. */
  timeZone?: string;
  /** Told how far the SQL generation of big shops has come. */
  onProgress?: (what: 'customers' | 'orders', done: number, total: number) => void;
}

export interface DemoSummary {
  customers: number;
  admins: number;
  conversations: number;
  messages: number;
  products: number;
  images: number;
  orders: number;
  discounts: number;
  bundles: number;
  /** Demo products that track stock (a quarter of them). */
  stocked: number;
}

const DAY = 86_400_000;

/**
 * Fills the shop with demo data so every screen has something real to show: customers who
 * joined over the last two years, 2 more admins, customer conversations (some unread), the
 * demo catalogue (demo/catalogue.ts) when a storage for its images is given, and orders with
 * their history (demo/orders.ts). Bigger shops on request: customers and orders beyond the
 * detailed ones are generated in SQL (demo/bulk.ts). Deterministic for a given seed (image file
 * names and ids' middle digits aside).
 */
export async function generateDemo(db: Db, options: DemoOptions = {}): Promise<DemoSummary> {
  const rnd = seededRandom(options.seed ?? 20261122);
  const now = options.now ?? new Date();
  const customerCount = options.customers ?? 60;
  const detailedCustomers = Math.min(customerCount, options.customersInDetail ?? DEMO_CUSTOMERS_IN_DETAIL);
  const orderCount = options.orders ?? DEMO_ORDERS;
  // One hash for every demo account: argon2 is slow on purpose. Nobody is told this password.
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));

  const people = makePeople(rnd, detailedCustomers + 2, now);
  const admins = people.slice(0, 2).map((p) => ({ ...p, role: 'admin' as const }));
  const customers = people.slice(2).map((p) => ({ ...p, role: 'user' as const }));

  await db.insert(users).values([...admins, ...customers].map((p) => ({ ...p, passwordHash })));
  const summary = { customers: customers.length, admins: admins.length };
  // Conversations for the Messages screen (demo/conversations.ts).
  const chats = await generateDemoConversations(db, { rnd, now, customers, admins });
  const catalogue = options.storage
    ? await generateDemoCatalogue(db, options.storage, { rnd, now, count: options.products })
    : { products: 0, images: 0 };

  // Orders from the customers just made, of the demo products (or made-up ones without a catalogue).
  const pool = await demoProductsForOrders(db);
  const made = await generateDemoOrders(db, {
    rnd,
    now,
    customers,
    products: pool,
    admins,
    count: Math.min(orderCount, DEMO_ORDERS),
  });
  // A big shop on request: the rest in SQL.
  const progress = (what: 'customers' | 'orders'): Progress | undefined =>
    options.onProgress ? (done, total) => options.onProgress?.(what, done, total) : undefined;
  const moreCustomers =
    customerCount > detailedCustomers
      ? await insertBulkUsers(db, customerCount - detailedCustomers, {
          passwordHash,
          now,
          onProgress: progress('customers'),
        })
      : 0;
  const moreOrders =
    orderCount > made.orders
      ? await insertBulkOrders(db, orderCount - made.orders, {
          products: await demoProductsForOrders(db, 1000),
          now,
          onProgress: progress('orders'),
        })
      : 0;
  await generateDemoWishlists(db, { rnd, now, customers });
  // A few unsubscribed customers and two past campaigns in the outbox (Sent e-mails).
  await generateDemoCampaigns(db, { rnd, now, customers: customers.filter((c) => c.isActive), admin: admins[0] });
  // Discount codes in every state (demo/discounts.ts) and bundle sales with images (demo/bundles.ts).
  const timeZone = options.timeZone ?? 'UTC';
  const discounts = await generateDemoDiscounts(db, { rnd, now, timeZone, customers });
  const bundles = options.storage ? await generateDemoBundles(db, options.storage, { rnd, now, timeZone }) : [];
  // Stock counted on a quarter of the products, after the orders (demo/stock.ts).
  const stocked = await generateDemoStock(db, rnd);
  return {
    ...summary,
    ...chats,
    customers: summary.customers + moreCustomers,
    ...catalogue,
    orders: made.orders + moreOrders,
    discounts: discounts.length,
    bundles: bundles.length,
    stocked,
  };
}

/**
 * Removes every demo account and, through the foreign keys, everything that hangs on them; the
 * demo's discount codes (demo/discounts.ts) and bundles (demo/bundles.ts); and every demo
 * product, with its image files and the bundles' when the storage is given.
 */
export async function removeDemo(db: Db, storage?: ImageStorage): Promise<void> {
  const demoUsers = db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`));
  // The accounts' orders would go with them anyway, one cascaded statement per account; one
  // statement is much faster for a big generated shop (and updates the rollups once).
  await db.delete(orders).where(inArray(orders.userId, demoUsers));
  await db.delete(users).where(like(users.email, `%@${DEMO_DOMAIN}`));
  await removeDemoDiscounts(db);
  // Before the catalogue: the demo's bundles are found by their demo products.
  await removeDemoBundles(db, storage);
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
    people.push({
      id: newObjectId(joined),
      name: `${first} ${last}`,
      email,
      isActive: rnd.chance(0.92),
      createdAt: joined,
    });
  }
  return people;
}

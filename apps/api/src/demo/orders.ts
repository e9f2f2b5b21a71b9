import {
  DEFAULT_OPTIONS,
  discountedPriceCents,
  newObjectId,
  ORDER_STATUSES,
  type OrderStatus,
} from '@backroom/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orderStatusChanges, orders, products, type StoredOrderItem } from '../db/schema';
import { PRICE_RANGES, PRODUCT_NAMES } from './catalogue-names';
import { PLACES, STREETS, THANK_YOU_CODES } from './people';
import type { Random } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Orders the demo shop has by default. */
export const DEMO_ORDERS = 400;
const COLORS = DEFAULT_OPTIONS[0]?.values ?? [];
const SIZES = DEFAULT_OPTIONS[1]?.values ?? [];
const PAYMENT_METHODS = ['COD', 'Stripe', 'Razorpay'] as const;
const SHIPPING_CENTS = 500;
const FREE_SHIPPING_FROM_CENTS = 10_000;

/** A demo customer as orders need them. */
export interface DemoCustomer {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

/** A product orders can be made of; id null when the shop has no products (a product since deleted). */
export interface DemoProduct {
  id: string | null;
  name: string;
  /** The first image's base name in the image storage, or null. */
  image: string | null;
  /** The price paid per piece: the price after its discount. */
  unitPriceCents: number;
  colors: readonly string[];
  sizes: readonly string[];
}

export interface DemoAdmin {
  id: string;
  name: string;
}

/**
 * The demo products orders are made of: those with images first (the drawn catalogue), at most
 * `limit`. Without demo products, made-up ones from the catalogue's names (no id, no image).
 */
export async function demoProductsForOrders(db: DbOrTx, limit = 200): Promise<DemoProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      priceCents: products.priceCents,
      discount: products.discount,
      colorVariants: products.colorVariants,
      clothingSizes: products.clothingSizes,
    })
    .from(products)
    .where(eq(products.isDemo, true))
    .orderBy(desc(sql`jsonb_array_length(${products.images}) > 0`), asc(products.id))
    .limit(limit);
  if (rows.length > 0) {
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      image: p.images[0] ?? null,
      unitPriceCents: discountedPriceCents(p.priceCents, p.discount),
      colors: p.colorVariants.map((v) => v.color),
      sizes: p.clothingSizes,
    }));
  }
  return Object.entries(PRODUCT_NAMES).flatMap(([main, subs]) => {
    const [low, high] = PRICE_RANGES[main] ?? [5, 50];
    return Object.values(subs)
      .flat()
      .map(({ name }, i) => ({
        id: null,
        name,
        image: null,
        unitPriceCents: (low + ((i * 7) % (high - low + 1))) * 100 + 99,
        colors: [],
        sizes: [],
      }));
  });
}

/** The steps an order went through to reach its status; the first was the storefront's. */
const MAIN_LINE: readonly OrderStatus[] = ORDER_STATUSES.slice(
  ORDER_STATUSES.indexOf('Order Placed'),
  ORDER_STATUSES.indexOf('Delivered') + 1,
);
const TRACKED: readonly OrderStatus[] = ['Shipped', 'Out for delivery', 'Delivered', 'Exchanged', 'Refunded'];

function statusPath(rnd: Random, status: OrderStatus): OrderStatus[] {
  // Only some orders are made to order (always those In Production now).
  const line =
    status === 'In Production' || rnd.chance(0.5) ? MAIN_LINE : MAIN_LINE.filter((s) => s !== 'In Production');
  switch (status) {
    case 'Payment Pending':
      return ['Payment Pending'];
    case 'Pre-Ordered':
      return ['Order Placed', 'Pre-Ordered'];
    case 'Exchanged':
    case 'Refunded':
      return [...line, status];
    case 'Cancelled':
      return [...line.slice(0, rnd.int(1, 3)), 'Cancelled'];
    default:
      return line.slice(0, line.indexOf(status) + 1);
  }
}

/**
 * Whether a demo order is paid, from its method and the steps it went through: an online payment
 * (Stripe, Razorpay) is taken when the order leaves Payment Pending; cash on delivery once it has
 * been delivered. So every delivered order is paid, and no order waiting for its payment is.
 */
export function isPaid(method: string, steps: readonly OrderStatus[]): boolean {
  if (steps.at(-1) === 'Payment Pending') return false;
  return method === 'COD' ? steps.includes('Delivered') : true;
}

/** Older orders have mostly arrived; the last three weeks' are on their way. */
function pickStatus(rnd: Random, ageDays: number): OrderStatus {
  const r = rnd.next();
  if (ageDays > 21) {
    if (r < 0.7) return 'Delivered';
    if (r < 0.78) return 'Cancelled';
    if (r < 0.84) return 'Refunded';
    if (r < 0.9) return 'Exchanged';
  } else if (r < 0.2) return 'Delivered';
  return rnd.pick(ORDER_STATUSES.filter((s) => s !== 'Delivered'));
}

/** 'color|size' as the storefront writes it: either part may be the text 'null'; often no value at all. */
function itemColor(rnd: Random, product: DemoProduct): string | null {
  const hasOptions = product.colors.length > 0 || product.sizes.length > 0;
  if (!hasOptions && !rnd.chance(0.3)) return null;
  const colors = hasOptions ? product.colors : COLORS;
  const sizes = hasOptions ? product.sizes : SIZES;
  const color = colors.length > 0 && rnd.chance(0.8) ? rnd.pick(colors) : 'null';
  const size = sizes.length > 0 && (color === 'null' || rnd.chance(0.5)) ? rnd.pick(sizes) : 'null';
  return color === 'null' && size === 'null' ? null : `${color}|${size}`;
}

/** 1 to 6 different products (mostly few), 1 to 3 pieces each, at their price after discount. */
export function pickItems(rnd: Random, pool: readonly DemoProduct[], maxItems = 6): StoredOrderItem[] {
  const count = Math.min(pool.length, maxItems, rnd.pick([1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6]));
  const chosen = new Set<DemoProduct>();
  while (chosen.size < count) chosen.add(rnd.pick(pool));
  return [...chosen].map((product) => ({
    productId: product.id,
    name: product.name,
    image: product.image,
    quantity: rnd.int(1, 3),
    unitPriceCents: product.unitPriceCents,
    color: itemColor(rnd, product),
  }));
}

const trackingNumber = (rnd: Random) =>
  `1Z${Array.from({ length: 6 }, () => rnd.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ'])).join('')}${rnd.int(1e9, 9.999e9)}`;

/**
 * About `count` orders (DEMO_ORDERS by default) from the demo customers, placed over the last 12
 * UTC months (the dashboard chart's), a few of them this month, across all twelve statuses with
 * their history; items taken from the demo products at their discounted price. Deterministic
 * for a given random. Written in one INSERT per table: the database's triggers set the totals
 * and keep the dashboard's rollups.
 */
export async function generateDemoOrders(
  db: DbOrTx,
  options: {
    rnd: Random;
    now: Date;
    customers: readonly DemoCustomer[];
    products: readonly DemoProduct[];
    admins: readonly DemoAdmin[];
    count?: number;
  },
): Promise<{ orders: number; statusChanges: number }> {
  const { rnd, now, customers, products: pool, admins } = options;
  const count = options.count ?? DEMO_ORDERS;
  if (count === 0 || customers.length === 0 || pool.length === 0) return { orders: 0, statusChanges: 0 };
  const end = now.getTime();
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);

  // Each customer keeps an address and a phone number.
  const homes = new Map(
    customers.map((c) => {
      const place = rnd.pick(PLACES);
      const [first = '', ...rest] = c.name.split(' ');
      return [
        c.id,
        {
          firstName: first,
          lastName: rest.join(' '),
          email: c.email,
          phone: `+1 555-${String(rnd.int(100, 9999)).padStart(4, '0')}`,
          street: `${rnd.int(1, 999)} ${rnd.pick(STREETS)}`,
          ...place,
        },
      ];
    }),
  );

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const changeRows: (typeof orderStatusChanges.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const customer = rnd.pick(customers);
    // A few this month (one in 20), the others over the twelve months; never before the customer joined.
    const from = Math.max(i % 20 === 0 ? monthStart : windowStart, customer.createdAt.getTime() + HOUR);
    const placed = Math.min(end - 60_000, from + rnd.next() * Math.max(0, end - from));
    // Every status shows up: the first twelve orders take one each.
    const status =
      i < ORDER_STATUSES.length ? (ORDER_STATUSES[i] as OrderStatus) : pickStatus(rnd, (end - placed) / DAY);
    const steps = statusPath(rnd, status);
    const items = pickItems(rnd, pool);
    const itemsTotal = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const method = rnd.pick(PAYMENT_METHODS);
    const paid = isPaid(method, steps);
    const tracking = TRACKED.includes(status) && rnd.chance(0.85) ? trackingNumber(rnd) : null;
    const code = status === 'Delivered' && rnd.chance(0.1) ? rnd.pick(THANK_YOU_CODES) : null;
    const id = newObjectId(new Date(placed));
    orderRows.push({
      id,
      userId: customer.id,
      items,
      // Some storefront orders carry no amount: their items' total counts.
      amountCents: rnd.chance(0.2) ? null : itemsTotal + (itemsTotal >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS),
      status,
      payment: paid,
      paymentMethod: method,
      ...homes.get(customer.id),
      trackingNumber: tracking,
      discountCode: code,
      createdAt: new Date(placed),
      updatedAt: new Date(placed),
    });

    // The history: the storefront's first step at the order's time, then an admin's every few hours or days.
    const span = Math.min(end - placed, steps.length * 2 * DAY);
    let at = placed;
    steps.forEach((step, s) => {
      if (s > 0) at += (span / steps.length) * (0.5 + rnd.next() * 0.5);
      const admin = s > 0 && admins.length > 0 ? rnd.pick(admins) : null;
      changeRows.push({
        id: newObjectId(new Date(at)),
        orderId: id,
        status: step,
        trackingNumber: step === 'Shipped' ? tracking : null,
        discountCode: step === 'Delivered' ? code : null,
        adminId: admin?.id ?? null,
        adminName: admin?.name ?? null,
        createdAt: new Date(at),
      });
    });
    const last = orderRows[orderRows.length - 1];
    if (last) last.updatedAt = new Date(at);
  }
  // One INSERT each for the default 400 orders; in slices beyond, as PostgreSQL takes at most
  // 65,535 parameters a statement.
  for (let s = 0; s < orderRows.length; s += 2000) await db.insert(orders).values(orderRows.slice(s, s + 2000));
  for (let s = 0; s < changeRows.length; s += 5000) {
    await db.insert(orderStatusChanges).values(changeRows.slice(s, s + 5000));
  }
  return { orders: orderRows.length, statusChanges: changeRows.length };
}

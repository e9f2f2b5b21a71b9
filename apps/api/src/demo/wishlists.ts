import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, wishlistItems } from '../db/schema';
import type { Random } from './random';

const DAY = 86_400_000;

/**
 * Wishlists for most demo customers (three in five), 1 to 6 demo products each, saved over the
 * last three months: the Users screen's Wishlist modal has something to show and clear. Nothing
 * without a demo catalogue. Answers how many entries were saved.
 */
export async function generateDemoWishlists(
  db: Db,
  options: { rnd: Random; now: Date; customers: readonly { id: string }[] },
): Promise<number> {
  const { rnd, now } = options;
  const catalogue = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isDemo, true))
    .orderBy(products.id)
    .limit(500);
  if (catalogue.length === 0) return 0;
  const rows: (typeof wishlistItems.$inferInsert)[] = [];
  options.customers.forEach((customer, index) => {
    if (index % 5 >= 3) return;
    const wanted = new Set<string>();
    const count = Math.min(rnd.int(1, 6), catalogue.length);
    while (wanted.size < count) wanted.add(rnd.pick(catalogue).id);
    for (const productId of wanted) {
      rows.push({
        userId: customer.id,
        productId,
        createdAt: new Date(now.getTime() - rnd.int(0, 90) * DAY - rnd.int(0, DAY - 1)),
      });
    }
  });
  for (let start = 0; start < rows.length; start += 5000) {
    await db
      .insert(wishlistItems)
      .values(rows.slice(start, start + 5000))
      .onConflictDoNothing();
  }
  return rows.length;
}

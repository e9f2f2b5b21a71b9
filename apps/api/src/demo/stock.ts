import { stockGrid } from '@backroom/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productStock, products } from '../db/schema';
import type { Random } from './random';

/** Rows per insert: well below PostgreSQL's 65,535 parameters. */
const CHUNK = 5000;

/**
 * Stock on the demo shop (docs/decisions/055-stock.md): every fourth demo product tracks it, a
 * quantity per colour × size; every fifth of those has only 1 to 5 units left ('Low stock'), so the
 * low-stock and out-of-stock paths show at once. Written after the demo's orders, which therefore
 * took nothing: the counts are the shelf as it is now. Answers how many products track stock.
 */
export async function generateDemoStock(db: Db, rnd: Random): Promise<number> {
  const rows = await db
    .select({
      id: products.id,
      colorVariants: products.colorVariants,
      clothingSizes: products.clothingSizes,
      canvasSizes: products.canvasSizes,
    })
    .from(products)
    .where(eq(products.isDemo, true))
    .orderBy(asc(products.id));
  const tracked = rows.filter((_, i) => i % 4 === 0);
  const cells = tracked.flatMap((p, i) => {
    const grid = stockGrid(
      p.colorVariants.map((v) => v.color),
      [...p.clothingSizes, ...p.canvasSizes],
    );
    if (i % 5 === 0) {
      // A few units left, all in one cell.
      const one = rnd.int(0, grid.length - 1);
      const left = rnd.int(1, 5);
      return grid.map((c, n) => ({ productId: p.id, color: c.color, size: c.size, quantity: n === one ? left : 0 }));
    }
    return grid.map((c) => ({ productId: p.id, color: c.color, size: c.size, quantity: rnd.int(0, 30) }));
  });
  for (let i = 0; i < cells.length; i += CHUNK) await db.insert(productStock).values(cells.slice(i, i + CHUNK));
  // Tracking turned on after the cells exist: the database sets each one's out_of_stock from its count.
  const ids = tracked.map((p) => p.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .update(products)
      .set({ trackStock: true })
      .where(inArray(products.id, ids.slice(i, i + CHUNK)));
  }
  return tracked.length;
}

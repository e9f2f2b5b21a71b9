import { stockShortfallProblem } from '@backroom/contract';

/**
 * What the database's stock trigger says when an order would take more units than are left
 * (SQLSTATE BRST1, migration 0023, docs/decisions/055-stock.md): the product, its name, the
 * variant ('' where none) and the units left. The whole statement is refused.
 */
export interface StockShortfall {
  productId: string;
  name: string;
  color: string;
  size: string;
  wanted: number;
  left: number;
}

export const STOCK_SHORTFALL_SQLSTATE = 'BRST1';

/** The shortfall an error carries (the driver's error, or Drizzle's wrapping it), or undefined. */
export function stockShortfall(error: unknown): StockShortfall | undefined {
  for (
    let e = error as { code?: string; detail?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth += 1
  ) {
    if (e.code === STOCK_SHORTFALL_SQLSTATE && typeof e.detail === 'string') {
      try {
        return JSON.parse(e.detail) as StockShortfall;
      } catch {
        return undefined;
      }
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

/** '"Golden Dragon" (Red, M): only 3 left', or '… is out of stock'. */
export const shortfallMessage = (short: StockShortfall) => stockShortfallProblem(short.name, short, short.left);

/**
 * Stock that counts (issue 24, docs/decisions/055-stock.md): 50 storefront orders at once, over
 * HTTP, for the last 5 units of a product. Exactly 5 must be placed and the count must end at 0
 * (never below); the figure is how long the 50 took and how the refusals answered. Three rounds,
 * each on a fresh product; then the same 50 one after another as a baseline. On its own:
 * node --import tsx bench/stock.ts.
 */
import '../apps/api/src/process-signals';
import { performance } from 'node:perf_hooks';
import { CUSTOMER_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { productStock, products } from '../apps/api/src/db/schema';
import { isMainBench, startStandalone } from './standalone';

const ORDERS = 50;
const UNITS = 5;
const ROUNDS = 3;

export interface StockRound {
  ms: number;
  placed: number;
  refused: number;
  other: number;
  left: number;
  exact: boolean;
}

const address = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench.buyer@example.com',
  phone: '555-0100',
  street: '1 Bench Street',
  city: 'Springfield',
  state: '',
  zipcode: '62701',
  country: 'US',
};

async function lastUnits(database: Database, round: number): Promise<string> {
  const [row] = await database.db
    .insert(products)
    .values({ name: `Last units ${round}`, priceCents: 1999, mainCategory: 'Figures', trackStock: true })
    .returning({ id: products.id });
  const id = (row as { id: string }).id;
  await database.db.insert(productStock).values({ productId: id, quantity: UNITS });
  return id;
}

async function round(base: string, token: string, database: Database, productId: string, parallel: boolean) {
  const one = async () => {
    const res = await fetch(`${base}${CUSTOMER_PATHS.orders}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ address, paymentMethod: 'COD', items: [{ productId, quantity: 1 }] }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const started = performance.now();
  const codes: number[] = [];
  if (parallel) codes.push(...(await Promise.all(Array.from({ length: ORDERS }, one))));
  else for (let i = 0; i < ORDERS; i += 1) codes.push(await one());
  const ms = performance.now() - started;
  const left = (
    await database.db.execute<{ q: number }>(
      sql`select quantity as q from product_stock where product_id = ${productId}`,
    )
  ).rows[0]?.q as number;
  const placed = codes.filter((c) => c === 201).length;
  const refused = codes.filter((c) => c === 409).length;
  return { ms, placed, refused, other: ORDERS - placed - refused, left, exact: placed === UNITS && left === 0 };
}

export async function benchStock(ctx: { base: string; database: Database }) {
  const register = await fetch(`${ctx.base}${CUSTOMER_PATHS.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Buyer', email: 'bench.buyer@example.com', password: 'bench buyer password 1' }),
  });
  const { token } = (await register.json()) as { token: string };
  const concurrent: StockRound[] = [];
  for (let i = 1; i <= ROUNDS; i += 1) {
    concurrent.push(await round(ctx.base, token, ctx.database, await lastUnits(ctx.database, i), true));
  }
  const sequential = await round(ctx.base, token, ctx.database, await lastUnits(ctx.database, 0), false);
  return { concurrent, sequential };
}

export function stockReport(result: Awaited<ReturnType<typeof benchStock>>): string[] {
  const line = (r: StockRound) =>
    `${r.ms.toFixed(0)} ms; ${r.placed} placed, ${r.refused} refused (409), ${r.other} other; ${r.left} left: ` +
    `${r.exact ? 'exact' : 'NOT EXACT'}`;
  return [
    `Stock: ${ORDERS} storefront orders over HTTP for the last ${UNITS} units of a product:`,
    ...result.concurrent.map((r, i) => `  ${ORDERS} at once, round ${i + 1}: ${line(r)}`),
    `  baseline, the same ${ORDERS} one after another: ${line(result.sequential)}`,
  ];
}

if (isMainBench('stock.ts')) {
  startStandalone(
    'stock',
    async () => {},
    async ({ base, database }) => stockReport(await benchStock({ base, database })),
  );
}

/**
 * The mixed load (issue 9, decision 057): a busy shop at once, each connection going round a
 * product page, an orders page, the dashboard and a status change, every acknowledged change
 * looked for afterwards. Run by npm run bench (run.ts), bench/cost.ts and bench/mixed.ts.
 */
import { createRequire } from 'node:module';
import { API_PATHS, DELIVERED_STATUS, type OrderListRequest, SHIPPED_STATUS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import type { LoadResult } from './load';
import { percentile } from './timing';

const require = createRequire(import.meta.url);

/** The part of autocannon's programmatic API used here (it ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  setupClient?: (client: {
    on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
    conn?: { once(event: 'connect', listener: () => void): void };
    requestIterator: { context: Record<string, unknown> };
  }) => void;
  requests: {
    method: string;
    path: string;
    body?: string;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
}) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

/** The mixed load's connections (issue 9) and length (BENCH_MIXED_SECONDS, 60 s by default: issue 23). */
export const MIXED_CONNECTIONS = 200;
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

/** A route's answers as the load's client timed them, in ms. */
export interface RouteLatency {
  route: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MixedBench extends LoadResult {
  /** Of every answer the client timed (autocannon gives no p95). */
  p95: number;
  statusChanges: { acknowledged: number; missing: number; refused: number };
  /** Each of the round's four calls on its own (decision 057's amendment). */
  routes: RouteLatency[];
  /**
   * p99 of the answers after each connection's first (decision 057, fourth stop): the load opens its
   * connections all at once and each sends its first request (a product page) at the same moment,
   * so those answers wait behind the whole burst and the connections' setup.
   */
  p99AfterFirst: number;
  /** Each connection's first answer (the opening burst: every connection's product page at once). */
  firstAnswers: RouteLatency;
  /** When the load began (epoch ms), and when each connection was established, ms after it. */
  startedAt: number;
  connectedAfterMs: number[];
  /** When each connection's first answer came, ms after the load began. */
  firstAnsweredAfterMs: number[];
}

/** The round's calls, in order: the names the per-route figures use. */
export const MIXED_ROUTES = ['product page', 'orders page', 'dashboard', 'status change'] as const;

function latencies(route: string, times: number[]): RouteLatency {
  times.sort((a, b) => a - b);
  return {
    route,
    count: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
  };
}

/**
 * The mixed load as npm run bench (run.ts) and bench/cost.ts run it: MIXED_CONNECTIONS for
 * MIXED_SECONDS on the catalogue bench's product page and the first page of undelivered orders,
 * with the server's event-loop delay meanwhile.
 */
export function runMixed(
  server: { delayDuring: <T>(during: () => Promise<T>) => Promise<{ result: T; p99Ms: number; maxMs: number }> },
  options: { base: string; token: string; database: Database; productQuery: string },
) {
  return server.delayDuring(() =>
    benchMixed({
      base: options.base,
      token: options.token,
      database: options.database,
      connections: MIXED_CONNECTIONS,
      seconds: MIXED_SECONDS,
      productPage: `${API_PATHS.productList}?${options.productQuery}`,
      orderPage: { delivery: 'notDelivered', page: 1, pageSize: 10 },
    }),
  );
}

/**
 * A busy shop at once (issue 9): each connection goes round a product page, an orders page, the
 * dashboard and a status change. Each status change carries a tracking number (Shipped) or a
 * discount code (Delivered) of its own, so afterwards every change the API acknowledged with a
 * 2xx is looked for in the orders' history: none may be missing.
 */
export async function benchMixed(options: {
  base: string;
  token: string;
  database: Database;
  connections: number;
  seconds: number;
  productPage: string;
  orderPage: OrderListRequest;
  /** One of the round's calls alone (its index in MIXED_ROUTES): each connection repeats it. */
  only?: number;
}): Promise<MixedBench> {
  const { database } = options;
  const ids = (
    await database.db.execute<{ id: string }>(sql`select id from orders order by created_at desc limit 2000`)
  ).rows.map((r) => r.id);
  if (ids.length === 0) throw new Error('the mixed load needs orders');
  const run = Math.random().toString(36).slice(2, 8);
  let serial = 0;
  const acknowledged: string[] = [];
  let refused = 0;

  const times = MIXED_ROUTES.map(() => [] as number[]);
  const afterFirst: number[] = [];
  const first: number[] = [];
  const connectedAfterMs: number[] = [];
  const firstAnsweredAfterMs: number[] = [];
  const startedAt = Date.now();
  const routeOf = (index: number) => (_status: number, _body: string, context: Record<string, unknown>) => {
    context.route = index;
  };

  const requests: Parameters<Autocannon>[0]['requests'] = [
    { method: 'GET', path: options.productPage, onResponse: routeOf(0) },
    { method: 'POST', path: API_PATHS.orderList, body: JSON.stringify(options.orderPage), onResponse: routeOf(1) },
    { method: 'GET', path: API_PATHS.dashboardSummary, onResponse: routeOf(2) },
    {
      method: 'POST',
      path: API_PATHS.orderStatus,
      setupRequest: (request, context) => {
        serial += 1;
        const code = `BENCH-${run}-${serial}`;
        const orderId = ids[serial % ids.length];
        context.code = code;
        const body =
          serial % 2 === 0
            ? { orderId, status: SHIPPED_STATUS, trackingNumber: code }
            : { orderId, status: DELIVERED_STATUS, discountCode: code };
        return { ...request, body: JSON.stringify(body) };
      },
      onResponse: (status, _body, context) => {
        context.route = 3;
        if (status >= 200 && status < 300) acknowledged.push(context.code as string);
        else refused += 1;
      },
    },
  ];

  const autocannon = require('autocannon') as Autocannon;
  const result = await autocannon({
    url: options.base,
    // Each answer's time by route: onResponse (below) names the route in the connection's context
    // just before autocannon emits the answer's duration.
    setupClient: (client) => {
      // The client's socket is made just after this call.
      process.nextTick(() => client.conn?.once('connect', () => connectedAfterMs.push(Date.now() - startedAt)));
      let answered = 0;
      client.on('response', (_status, _bytes, durationMs) => {
        const route = client.requestIterator.context.route;
        if (typeof route === 'number') times[route]?.push(durationMs);
        if (answered++ > 0) afterFirst.push(durationMs);
        else {
          first.push(durationMs);
          firstAnsweredAfterMs.push(Date.now() - startedAt);
        }
      });
    },
    connections: options.connections,
    duration: options.seconds,
    // BENCH_MIXED_ACCEPT_ENCODING (e.g. 'br, gzip') asks for compressed answers as a browser does;
    // autocannon asks for none by default, so compression's cost is not in the figure (decision 057).
    headers: {
      token: options.token,
      'content-type': 'application/json',
      ...(process.env.BENCH_MIXED_ACCEPT_ENCODING
        ? { 'accept-encoding': process.env.BENCH_MIXED_ACCEPT_ENCODING }
        : {}),
    },
    requests: requests.filter((_, i) => options.only === undefined || i === options.only),
  });

  const stored = new Set(
    (
      await database.db.execute<{ code: string }>(
        sql`select coalesce(tracking_number, discount_code) as code from order_status_changes
            where tracking_number like ${`BENCH-${run}-%`} or discount_code like ${`BENCH-${run}-%`}`,
      )
    ).rows.map((r) => r.code),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(
      times.flat().sort((a, b) => a - b),
      95,
    ),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusChanges: {
      acknowledged: acknowledged.length,
      missing: acknowledged.filter((code) => !stored.has(code)).length,
      refused,
    },
    routes: MIXED_ROUTES.map((route, i) => latencies(route, times[i] ?? [])),
    p99AfterFirst: percentile(
      afterFirst.sort((a, b) => a - b),
      99,
    ),
    firstAnswers: latencies('first answers', first),
    startedAt,
    connectedAfterMs: connectedAfterMs.sort((a, b) => a - b),
    firstAnsweredAfterMs: firstAnsweredAfterMs.sort((a, b) => a - b),
  };
}

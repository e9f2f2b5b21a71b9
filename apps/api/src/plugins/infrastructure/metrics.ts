import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS, CUSTOMER_PATHS, MESSAGES, TWO_FACTOR_PATHS } from '@backroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * GET /metrics in Prometheus's text format (docs/decisions/061-metrics.md). Per request: one
 * onResponse hook, added to each route as it is registered, that holds that route's series, so
 * nothing is looked up or allocated to count an answer (the duration histogram is kept here, not in
 * prom-client, whose observe builds a string key from the labels every time). Everything else is
 * read when Prometheus scrapes: the pool's counts, the sockets, the job queues, the e-mails.
 * Labels are route patterns, methods, statuses, states and kinds: never a URL, an id or an address.
 */

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  /** Bearer token for GET /metrics on the app's port; unset, /metrics there answers 404. */
  token: string | undefined;
  /** A second listener on 127.0.0.1 serving /metrics with no token; unset, none. */
  port: number | undefined;
  pool: pg.Pool;
  /** Sockets connected to this instance, by kind. */
  sockets: () => { admin: number; customer: number };
  /** Campaign e-mail deliveries by state, shop-wide (the campaigns module's counts). */
  emailDeliveries: () => Promise<Array<{ state: string; count: number }>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener, once the app is ready (tests read its address). */
    metricsServer: { address(): AddressInfo | null } | undefined;
  }
}

/** Seconds; request durations from a millisecond to ten seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATION = 'backroom_http_request_duration_seconds';

/** One method × route × status: counts per bucket (not cumulative until written), sum, count. */
class Series {
  readonly buckets = new Float64Array(BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: string) {}

  observe(seconds: number) {
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
    if (i < BUCKETS.length) this.buckets[i] = (this.buckets[i] as number) + 1;
    this.sum += seconds;
    this.count++;
  }
}

type LoginKind = 'admin' | 'customer';

/** A route's series by method then status, made on a route's first answer of that kind. */
class RouteSeries {
  private readonly byMethod = new Map<string, Map<number, Series>>();
  constructor(
    readonly route: string,
    private readonly all: Series[],
    readonly login: LoginKind | undefined,
  ) {}

  series(method: string, status: number): Series {
    let byStatus = this.byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      this.byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = new Series(`method="${labelValue(method)}",route="${labelValue(this.route)}",status="${status}"`);
      byStatus.set(status, series);
      this.all.push(series);
    }
    return series;
  }
}

/** A label value in the text format: backslash, double quote and newline escaped. */
function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function writeHistogram(all: Series[]): string {
  const lines = [
    `# HELP ${DURATION} Time from a request's arrival to its answer's end, by route pattern, method and status.`,
    `# TYPE ${DURATION} histogram`,
  ];
  for (const s of all) {
    let cumulative = 0;
    for (let i = 0; i < BUCKETS.length; i++) {
      cumulative += s.buckets[i] as number;
      lines.push(`${DURATION}_bucket{le="${BUCKETS[i]}",${s.labels}} ${cumulative}`);
    }
    lines.push(`${DURATION}_bucket{le="+Inf",${s.labels}} ${s.count}`);
    lines.push(`${DURATION}_sum{${s.labels}} ${s.sum}`);
    lines.push(`${DURATION}_count{${s.labels}} ${s.count}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The process's own figures (event-loop delay, memory, CPU, GC): one registry per process. */
let processWide: Registry | undefined;
function processMetrics(): Registry {
  if (!processWide) {
    processWide = new Registry();
    collectDefaultMetrics({ register: processWide, eventLoopMonitoringPrecision: 10 });
  }
  return processWide;
}

const LOGIN_ROUTES: Record<string, LoginKind> = {
  [API_PATHS.login]: 'admin',
  [TWO_FACTOR_PATHS.loginCode]: 'admin',
  [TWO_FACTOR_PATHS.loginSetupConfirm]: 'admin',
  [CUSTOMER_PATHS.login]: 'customer',
};

const digest = (value: string) => createHash('sha256').update(value).digest();

export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  app.decorate('metricsServer', undefined);
  // Off (neither METRICS_TOKEN nor METRICS_PORT): no hook, nothing counted; /metrics is a 404.
  if (!options.token && options.port === undefined) {
    app.get(METRICS_PATH, { config: { public: true } }, async (_request, reply) =>
      reply.status(404).send({ success: false, message: MESSAGES.notFound }),
    );
    return;
  }
  const { pool } = options;
  /**
   * A figure read from the database, or undefined (the gauge keeps its last values) when queries
   * already wait for a connection or the database fails: a scrape adds no load to a saturated pool
   * and still shows everything else, the pool's own figures first.
   */
  const fromDatabase = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    if (pool.waitingCount > 0) return undefined;
    try {
      return await read();
    } catch (err) {
      app.log.warn({ err }, 'metrics: a figure could not be read from the database');
      return undefined;
    }
  };
  const registry = new Registry();
  // Started now, so the event loop is sampled before the first scrape.
  const processRegistry = processMetrics();
  const all: Series[] = [];
  const unmatched = new RouteSeries('unmatched', all, undefined);
  let inFlight = 0;
  let waitingMax = 0;

  new Gauge({
    name: 'backroom_http_requests_in_flight',
    help: 'Requests received and not yet answered (or abandoned) on this instance.',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  new Gauge({
    name: 'backroom_db_pool_connections',
    help: "The app's PostgreSQL pool on this instance: connections in use and idle.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'backroom_db_pool_waiting',
    help: 'Queries waiting for a connection of the pool now.',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'backroom_db_pool_waiting_max',
    help: 'The most queries seen waiting for a connection when an answer went, since the previous scrape.',
    registers: [registry],
    collect() {
      this.set(Math.max(waitingMax, pool.waitingCount));
      waitingMax = 0;
    },
  });
  new Gauge({
    name: 'backroom_sockets_connected',
    help: 'socket.io connections to this instance, by who signed them in.',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const counts = options.sockets();
      this.set({ kind: 'admin' }, counts.admin);
      this.set({ kind: 'customer' }, counts.customer);
    },
  });
  new Gauge({
    name: 'backroom_job_queue_jobs',
    help: 'pg-boss jobs not finished, by queue and state (created, retry, active), shop-wide.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(() => jobCounts(pool));
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'backroom_email_deliveries',
    help: 'Campaign e-mail deliveries by state (pending, sending, committing, sent, failed, skipped), shop-wide.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(options.emailDeliveries);
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ state: row.state }, row.count);
    },
  });
  const loginRefusals = new Counter({
    name: 'backroom_login_refusals_total',
    help: 'Sign-in attempts refused on this instance (wrong password, waiting, second step), by who and status.',
    labelNames: ['kind', 'status'],
    registers: [registry],
  });
  for (const kind of ['admin', 'customer']) loginRefusals.inc({ kind, status: '401' }, 0);

  const record = (series: RouteSeries, request: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    series.series(request.method, status).observe(reply.elapsedTime / 1000);
    const waiting = pool.waitingCount;
    if (waiting > waitingMax) waitingMax = waiting;
    if (series.login && (status === 401 || status === 403 || status === 429))
      loginRefusals.inc({ kind: series.login, status: String(status) });
  };

  const ours = new WeakSet<onResponseHookHandler>();
  app.addHook('onRoute', (route) => {
    if (route.url === METRICS_PATH) return;
    const series = new RouteSeries(route.url, all, LOGIN_ROUTES[route.url]);
    const hook: onResponseHookHandler = (request, reply, done) => {
      record(series, request, reply);
      done();
    };
    ours.add(hook);
    const existing = route.onResponse ? [route.onResponse].flat() : [];
    route.onResponse = [...existing.filter((h) => !ours.has(h as onResponseHookHandler)), hook];
  });
  // In flight: counted on arrival, uncounted when the answer has gone (onResponse) or, for an
  // abandoned one (onResponse never comes), when its connection closes. One 'close' listener per
  // connection, not per response: a kept-alive connection carries many requests, and a listener
  // per response was the metrics' largest per-request cost (decision 054's fifth amendment).
  const open = new WeakMap<object, { requests: number }>();
  const connectionClosed = (socket: object) => {
    const counted = open.get(socket);
    if (!counted) return;
    inFlight -= counted.requests;
    // Any answer that still ends on this connection was uncounted just now.
    counted.requests = -1;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket;
    const counted = open.get(socket);
    if (!counted) {
      open.set(socket, { requests: 1 });
      socket.once('close', () => connectionClosed(socket));
      inFlight++;
    } else if (counted.requests >= 0) {
      // (-1: its connection has closed already; nothing will uncount it.)
      counted.requests++;
      inFlight++;
    }
    done();
  });
  // Requests no route matched (the 404 handler) have no route hook: counted under 'unmatched'.
  app.addHook('onResponse', (request, reply, done) => {
    const counted = open.get(request.raw.socket);
    if (counted && counted.requests > 0) {
      counted.requests--;
      inFlight--;
    }
    if (request.is404) record(unmatched, request, reply);
    done();
  });

  const scrape = async () => {
    const [own, proc] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
    return `${writeHistogram(all)}${own}${proc}`;
  };

  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  app.get(METRICS_PATH, { config: { public: true } }, async (request, reply) => {
    if (!expected) return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    const given = request.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ success: false, message: 'Unauthorised' });
    }
    return reply.type(registry.contentType).send(await scrape());
  });

  // METRICS_PORT: only this machine reaches it, so no token; listening once the app is ready.
  let server: http.Server | undefined;
  if (options.port !== undefined) {
    const port = options.port;
    app.addHook('onReady', async () => {
      server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
          res.writeHead(404).end();
          return;
        }
        scrape().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            res.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, '127.0.0.1', () => resolve());
      });
      app.metricsServer = server as { address(): AddressInfo | null };
    });
    app.addHook('onClose', async () => {
      if (server?.listening) await new Promise((resolve) => server?.close(resolve));
    });
  }
});

/** Jobs not finished per queue and state, read from pg-boss's own table (missing before its first start). */
async function jobCounts(pool: pg.Pool): Promise<Array<{ queue: string; state: string; count: number }>> {
  try {
    const result = await pool.query<{ queue: string; state: string; count: number }>(
      `select name as queue, state::text as state, count(*)::int as count
         from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
    );
    return result.rows;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01' || (err as { code?: string }).code === '3F000') return [];
    throw err;
  }
}

/**
 * The server the bench measures, in a process of its own as in production: the app with its
 * security headers and request log on (LOG_LEVEL=info, one line per request to stdout, which
 * run.ts sends to a file), and a bare node:http server as the baseline, side by side. run.ts
 * starts it with an IPC channel: 'ready' tells where both listen; 'delay-start' / 'delay-stop'
 * measure this process's event-loop delay over a stretch of load; 'in-server-start' / 'in-server-stop'
 * the median time the app's requests spent in this process meanwhile, from node:http's request
 * start to the response's finish (as bench/product-page-phases.ts marks them in one process);
 * 'close' ends it. The bare server's /sql sends the product page's statement from this process
 * (bench/product-page-sql.ts) and answers its rows: the same SQL behind a process hop, without the app.
 */
import '../apps/api/src/process-signals';
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { buildApp } from '../apps/api/src/app';
import { listenAccepting } from '../apps/api/src/bootstrap/accept-listeners';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';
import { pageStatement } from './product-page-sql';

export type ServerMessage =
  | { type: 'ready'; base: string; bare: string }
  | { type: 'delay'; p99Ms: number; maxMs: number }
  | ({ type: 'in-server' } & InServer)
  | { type: 'connections'; connections: AcceptedConnection[] }
  | { type: 'stats'; stats: ServerStats };
export type ControlMessage =
  | { type: 'delay-start' }
  | { type: 'delay-stop' }
  | { type: 'in-server-start' }
  | { type: 'in-server-stop' }
  | { type: 'stats' }
  | { type: 'connections' }
  | { type: 'close' };

/** A connection the app accepted (epoch ms), and when its first request reached node:http. */
export interface AcceptedConnection {
  acceptedAt: number;
  firstRequestAt: number | undefined;
}

/** Medians of what this process timed while the bench asked ('in-server-start' to '-stop'). */
export interface InServer {
  /** The app's requests, from node:http's request start to the response's finish. */
  medianMs: number;
  requests: number;
  /** The bare server's /sql meanwhile: arrival to finish, and its statement alone on the pool. */
  sqlMedianMs: number;
  sqlStatementMedianMs: number;
  /** /sql requests answered meanwhile. */
  sqlRequests: number;
  /** This process's CPU time over the stretch (user and system, all threads), ms. */
  cpuMs: number;
}

/** What a long-running server carries (decision 054): its heap, the GC's time so far, its handles. */
export interface ServerStats {
  heapUsedMb: number;
  heapTotalMb: number;
  rssMb: number;
  /** Collections and their total pause since the process started, by kind (minor, major). */
  gc: Record<string, { count: number; ms: number }>;
  /** Live objects by constructor is a heap snapshot's job; these are the app's own counts. */
  activeHandles: number;
  /** CPU time so far, µs: user (JS, GC, the thread pool's) and system (the kernel's, for this process). */
  cpu: { user: number; system: number };
  /** The young generation's size now (V8 grows and shrinks it), MB. */
  newSpaceMb: number;
}

/** What the DB-free route answers, sent by the bare server too. */
export const LIVE_BODY = JSON.stringify({ success: true, status: 'ok' });

/** GC pauses by kind since the process started, from perf_hooks' 'gc' entries. */
function gcTotals() {
  const totals: ServerStats['gc'] = {};
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[(entry as unknown as { detail: { kind: number } }).detail.kind] ?? 'other';
      const total = totals[kind] ?? { count: 0, ms: 0 };
      total.count++;
      total.ms += entry.duration;
      totals[kind] = total;
    }
  }).observe({ entryTypes: ['gc'] });
  return totals;
}

async function main() {
  const gc = gcTotals();
  const send = (message: ServerMessage) => process.send?.(message);
  const config = loadConfig();
  const database = connectDatabase(config.databaseUrl as string, config.databasePoolMax, undefined, { warm: true });
  const app = await buildApp({ config, database });
  // As server.ts listens (decision 057, seventh stop); BENCH_ACCEPT_LISTENERS=1 for Fastify's listen alone.
  await listenAccepting(app, {
    port: 0,
    host: '127.0.0.1',
    listeners: process.env.BENCH_ACCEPT_LISTENERS ? Number(process.env.BENCH_ACCEPT_LISTENERS) : undefined,
  });

  const page = pageStatement(database);
  const bare = http.createServer((req, res) => {
    if (req.url === '/sql') {
      const sent = performance.now();
      database.pool.query(page).then(
        (result) => {
          sqlStatements?.push(performance.now() - sent);
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(result.rows));
        },
        (error: Error) => {
          res.writeHead(500).end(error.message);
        },
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(LIVE_BODY);
  });

  // The app's requests, arrival to finish, while 'in-server-start' is on, and apart the bare
  // server's /sql with its statement's own time.
  const arrived = new WeakMap<IncomingMessage, { at: number; app: boolean }>();
  let inServer: number[] | undefined;
  let sqlInServer: number[] | undefined;
  let sqlStatements: number[] | undefined;
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request, server } = message as { request: IncomingMessage; server: http.Server };
    if (inServer && (server === app.server || request.url === '/sql')) {
      arrived.set(request, { at: performance.now(), app: server === app.server });
    }
  });
  diagnostics.subscribe('http.server.response.finish', (message) => {
    const started = arrived.get((message as { request: IncomingMessage }).request);
    if (started !== undefined) (started.app ? inServer : sqlInServer)?.push(performance.now() - started.at);
  });
  const median = (values: number[] | undefined) =>
    [...(values ?? [])].sort((x, y) => x - y)[Math.floor((values?.length ?? 0) / 2)] ?? Number.NaN;
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

  // When each of the app's connections was accepted and its first request read (the mixed load's
  // opening burst: bench/mixed.ts); the last 1,000.
  const accepted = new WeakMap<object, AcceptedConnection>();
  const connections: AcceptedConnection[] = [];
  diagnostics.subscribe('net.server.socket', (message) => {
    const { socket } = message as { socket: { server?: unknown } };
    const connection = { acceptedAt: Date.now(), firstRequestAt: undefined };
    accepted.set(socket, connection);
    connections.push(connection);
    if (connections.length > 1000) connections.shift();
  });
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage };
    const connection = accepted.get(request.socket);
    if (connection && connection.firstRequestAt === undefined) connection.firstRequestAt = Date.now();
  });

  const delay = monitorEventLoopDelay({ resolution: 5 });
  let profiling: Promise<Session> | undefined;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  process.on('message', async (message: ControlMessage) => {
    if (message.type === 'delay-start') {
      delay.reset();
      delay.enable();
      if (process.env.BENCH_BURST_TRACE) void traceBurst(process.env.BENCH_BURST_TRACE, connections);
    } else if (message.type === 'delay-stop') {
      delay.disable();
      send({ type: 'delay', p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
    } else if (message.type === 'in-server-start') {
      if (process.env.BENCH_IN_SERVER_PROF) profiling = startProfile();
      cpuAtStart = process.cpuUsage();
      inServer = [];
      sqlInServer = [];
      sqlStatements = [];
    } else if (message.type === 'in-server-stop') {
      if (profiling) await stopProfile(await profiling, process.env.BENCH_IN_SERVER_PROF as string);
      profiling = undefined;
      const cpu = process.cpuUsage(cpuAtStart);
      send({
        type: 'in-server',
        medianMs: median(inServer),
        requests: inServer?.length ?? 0,
        sqlMedianMs: median(sqlInServer),
        sqlStatementMedianMs: median(sqlStatements),
        sqlRequests: sqlInServer?.length ?? 0,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      inServer = undefined;
      sqlInServer = undefined;
      sqlStatements = undefined;
    } else if (message.type === 'stats') {
      const memory = process.memoryUsage();
      send({
        type: 'stats',
        stats: {
          heapUsedMb: memory.heapUsed / 2 ** 20,
          heapTotalMb: memory.heapTotal / 2 ** 20,
          rssMb: memory.rss / 2 ** 20,
          gc: structuredClone(gc),
          activeHandles: process.getActiveResourcesInfo().length,
          cpu: process.cpuUsage(),
          newSpaceMb:
            (v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20,
        },
      });
    } else if (message.type === 'connections') {
      send({ type: 'connections', connections });
    } else if (message.type === 'close') {
      await app.close();
      bare.close();
      await database.close();
      process.exit(0);
    }
  });
  send({
    type: 'ready',
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    bare: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
  });
}

/**
 * BENCH_IN_SERVER_PROF=dir: a CPU profile of each stretch the bench times inside the server
 * ('in-server-start' to '-stop': the product page one at a time, then the same SQL via /sql),
 * written to dir as in-server-<n>.cpuprofile, sampled every 100 µs.
 */
async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return session;
}

let profiles = 0;
async function stopProfile(session: Session, dir: string) {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(`${dir}/in-server-${profiles++}.cpuprofile`, JSON.stringify(profile));
}

/**
 * BENCH_BURST_TRACE=dir: the first 3 s of a measured load (from 'delay-start'), written to dir: a CPU
 * profile, every event-loop turn gap over 10 ms and every GC pause (epoch ms), and the connections
 * accepted then (decision 057, seventh stop: why the opening burst is accepted late).
 */
async function traceBurst(dir: string, connections: AcceptedConnection[]) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const startedAt = Date.now();
  const gaps: { at: number; ms: number }[] = [];
  const gcs: { at: number; ms: number; kind: number }[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last > 10) gaps.push({ at: performance.timeOrigin + last, ms: now - last });
    last = now;
  }, 2);
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcs.push({
        at: performance.timeOrigin + e.startTime,
        ms: e.duration,
        kind: (e as unknown as { detail: { kind: number } }).detail.kind,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  clearInterval(ticker);
  observer.disconnect();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const stamp = Date.now();
  writeFileSync(`${dir}/burst-${stamp}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(
    `${dir}/burst-${stamp}.json`,
    JSON.stringify({
      startedAt,
      timeOrigin: performance.timeOrigin,
      gaps,
      gcs,
      accepted: connections.filter((c) => c.acceptedAt >= startedAt - 1000),
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

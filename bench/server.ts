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
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';
import { pageStatement } from './product-page-sql';

export type ServerMessage =
  | { type: 'ready'; base: string; bare: string }
  | { type: 'delay'; p99Ms: number; maxMs: number }
  | { type: 'in-server'; medianMs: number; requests: number }
  | { type: 'stats'; stats: ServerStats };
export type ControlMessage =
  | { type: 'delay-start' }
  | { type: 'delay-stop' }
  | { type: 'in-server-start' }
  | { type: 'in-server-stop' }
  | { type: 'stats' }
  | { type: 'close' };

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
  await app.listen({ port: 0, host: '127.0.0.1' });

  const page = pageStatement(database);
  const bare = http.createServer((req, res) => {
    if (req.url === '/sql') {
      database.pool.query(page).then(
        (result) => {
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

  // The app's requests, arrival to finish, while 'in-server-start' is on (none of the bare server's).
  const arrived = new WeakMap<IncomingMessage, number>();
  let inServer: number[] | undefined;
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request, server } = message as { request: IncomingMessage; server: http.Server };
    if (inServer && server === app.server) arrived.set(request, performance.now());
  });
  diagnostics.subscribe('http.server.response.finish', (message) => {
    const started = arrived.get((message as { request: IncomingMessage }).request);
    if (inServer && started !== undefined) inServer.push(performance.now() - started);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

  const delay = monitorEventLoopDelay({ resolution: 5 });
  process.on('message', async (message: ControlMessage) => {
    if (message.type === 'delay-start') {
      delay.reset();
      delay.enable();
    } else if (message.type === 'delay-stop') {
      delay.disable();
      send({ type: 'delay', p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
    } else if (message.type === 'in-server-start') {
      inServer = [];
    } else if (message.type === 'in-server-stop') {
      const times = (inServer ?? []).sort((x, y) => x - y);
      inServer = undefined;
      send({ type: 'in-server', medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN, requests: times.length });
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

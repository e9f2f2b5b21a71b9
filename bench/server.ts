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
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';
import { pageStatement } from './product-page-sql';

export type ServerMessage =
  | { type: 'ready'; base: string; bare: string }
  | { type: 'delay'; p99Ms: number; maxMs: number }
  | { type: 'in-server'; medianMs: number; requests: number };
export type ControlMessage =
  | { type: 'delay-start' }
  | { type: 'delay-stop' }
  | { type: 'in-server-start' }
  | { type: 'in-server-stop' }
  | { type: 'close' };

/** What the DB-free route answers, sent by the bare server too. */
export const LIVE_BODY = JSON.stringify({ success: true, status: 'ok' });

async function main() {
  const send = (message: ServerMessage) => process.send?.(message);
  const config = loadConfig();
  const database = connectDatabase(config.databaseUrl as string, config.databasePoolMax);
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

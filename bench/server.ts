/**
 * The server the bench measures, in a process of its own as in production: the app with its
 * security headers and request log on (LOG_LEVEL=info, one line per request to stdout, which
 * run.ts sends to a file), and a bare node:http server as the baseline, side by side. run.ts
 * starts it with an IPC channel: 'ready' tells where both listen; 'delay-start' / 'delay-stop'
 * measure this process's event-loop delay over a stretch of load; 'close' ends it.
 */
import '../apps/api/src/process-signals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';

export type ServerMessage =
  | { type: 'ready'; base: string; bare: string }
  | { type: 'delay'; p99Ms: number; maxMs: number };
export type ControlMessage = { type: 'delay-start' } | { type: 'delay-stop' } | { type: 'close' };

/** What the DB-free route answers, sent by the bare server too. */
export const LIVE_BODY = JSON.stringify({ success: true, status: 'ok' });

async function main() {
  const send = (message: ServerMessage) => process.send?.(message);
  const config = loadConfig();
  const database = connectDatabase(config.databaseUrl as string, config.databasePoolMax);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(LIVE_BODY);
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

import './process-signals';
import pino from 'pino';
import { buildApp } from './app';
import { listenAccepting } from './bootstrap/accept-listeners';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { startUploadSweeps, type UploadSweeps } from './modules/uploads/sweep';

const config = loadConfig();
const log = pino({ level: config.logLevel });

async function main() {
  const opened = await openDatabase(config, (line) => log.debug({ postgres: line }));
  const admin = await ensureFirstAdmin(opened.database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    dataDir: config.dataDir,
  });
  if (opened.created) {
    // Only a new shop needs these (and the demo's images need sharp): not loaded at every start.
    const [{ generateDemo }, { createImageStorage }] = await Promise.all([
      import('./demo/generate'),
      import('./storage/create-image-storage'),
    ]);
    const demo = await generateDemo(opened.database.db, {
      storage: createImageStorage(config),
      timeZone: config.shopTimeZone,
    });
    log.info({ demo }, 'new shop: demo data added');
  }

  const app = await buildApp({ config, database: opened.database });
  let sweeps: UploadSweeps | undefined;
  let closing = false;
  let endDelay: (() => void) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second signal while readiness fails: stop waiting, finish the requests now.
      endDelay?.();
      return;
    }
    closing = true;
    // Readiness answers 503 first, so that a balancer stops sending work here (decision 062) …
    app.ctx.lifecycle.shuttingDown = true;
    log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down: readiness answers 503');
    if (config.shutdownDelayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.shutdownDelayMs);
        endDelay = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    // … then the listener closes: Fastify answers 503 to new requests on open connections while
    // the ones under way finish, and the process exits.
    log.info('shutting down: finishing requests');
    const force = setTimeout(() => process.exit(1), 20_000);
    try {
      await sweeps?.stop();
      await app.close();
      await opened.close();
      log.info('stopped');
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Several sockets on the port: a loaded server takes a burst of new connections sooner (decision 057).
  await listenAccepting(app, { port: config.port, host: config.host });
  // Files no product points to (docs/decisions/021-upload-sweep.md): in the background a second from
  // now (not competing with the first sign-in, decision 051), then daily.
  sweeps = startUploadSweeps({
    databaseUrl: opened.database.url,
    storage: app.ctx.storage,
    log: app.log,
    firstAfterMs: 1000,
  });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Backroom is running at http://${shown}:${config.port}`,
    `  Database: ${opened.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
    `  Admin login: ${admin.email}`,
    `  Password:    ${admin.password ?? '(the one you set; not shown)'}`,
    admin.file ? `  (kept in ${admin.file})` : '',
    '',
  ];
  process.stdout.write(`${lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n')}\n`);
}

main().catch((err) => {
  log.fatal(err instanceof Error ? { message: err.message } : { err }, 'Backroom could not start');
  process.stderr.write(`\nBackroom could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

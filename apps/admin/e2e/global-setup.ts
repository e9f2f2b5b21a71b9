import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv, startServer } from './server';

/**
 * What the workers' clusters add to the template's PostgreSQL settings: they are thrown away after
 * the run, so nothing waits for the disk (the API suites' embedded clusters run the same way, db/
 * embedded.ts). On this shared machine a flush to disk took some 5 ms, and every commit made one.
 */
const THROWAWAY_SETTINGS = `
# The browser tests' copies of this cluster are thrown away after the run (apps/admin/e2e/global-setup.ts).
fsync = off
synchronous_commit = off
full_page_writes = off
`;

/** The demo shop, made once for the run: each worker's server starts on a copy of it (server.ts). */
export default async function globalSetup() {
  const { template } = e2eEnv();
  const server = await startServer(template);
  await server.stop();
  // Later lines win: the workers' servers start with these.
  appendFileSync(path.join(template, 'postgres', 'postgresql.conf'), THROWAWAY_SETTINGS);
}

import { e2eEnv, startServer } from './server';

/** The demo shop, made once for the run: each worker's server starts on a copy of it (server.ts). */
export default async function globalSetup() {
  const server = await startServer(e2eEnv().template);
  await server.stop();
}

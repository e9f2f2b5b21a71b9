/**
 * What every bench run on its own starts from: a fresh embedded PostgreSQL in a temporary folder,
 * migrated, a pool on it and the bench's first admin. `close()` ends the pool, stops the cluster
 * and removes the folder (unless it was handed in to be kept).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { connectDatabase, type Database, migrateDatabase } from '../apps/api/src/db/client';
import { type EmbeddedCluster, startEmbeddedCluster } from '../apps/api/src/db/embedded';

/** The admin every bench signs in as. */
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password' } as const;

export interface BenchDatabase {
  /** The data folder (DATA_DIR for a server started on it). */
  dir: string;
  cluster: EmbeddedCluster;
  /** The bench's own pool. */
  database: Database;
  close(): Promise<void>;
}

export async function openBenchDatabase(
  name: string,
  options: {
    /** The bench's pool size (10 by default). */
    poolMax?: number;
    /** More postmaster settings (e.g. shared_preload_libraries). */
    settings?: Record<string, string>;
    /** The pool's application_name, so that samples of the server's backends can leave the bench's own out. */
    applicationName?: string;
    /** A folder kept after the run (a profile's files): made if missing, never removed. */
    keptDir?: string;
  } = {},
): Promise<BenchDatabase> {
  const dir = options.keptDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), `backroom-bench-${name}-`)));
  await fs.mkdir(dir, { recursive: true });
  // The embedded PostgreSQL runs as the postgres user when we are root: it must enter the folder.
  await fs.chmod(dir, 0o755);
  const remove = () => (options.keptDir ? Promise.resolve() : fs.rm(dir, { recursive: true, force: true }));
  const cluster = await startEmbeddedCluster(dir, options.settings ? { settings: options.settings } : {});
  let database: Database | undefined;
  try {
    await migrateDatabase(cluster.url);
    const url = new URL(cluster.url);
    if (options.applicationName) url.searchParams.set('application_name', options.applicationName);
    database = connectDatabase(url.toString(), options.poolMax ?? 10);
    await ensureFirstAdmin(database.db, { ...BENCH_ADMIN, dataDir: dir });
  } catch (error) {
    await database?.close();
    await cluster.stop();
    await remove();
    throw error;
  }
  const opened = database;
  return {
    dir,
    cluster,
    database: opened,
    async close() {
      try {
        await opened.close();
      } finally {
        await cluster.stop();
        await remove();
      }
    },
  };
}

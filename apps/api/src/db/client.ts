import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { repoRoot } from '../repo-root';
import { connectPubSubPool } from './pubsub';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** The database handle or an open transaction: repositories take either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  url: string;
  pool: pg.Pool;
  /** The socket.io adapter's own connections (db/pubsub.ts); pg opens none until it is used. */
  pubsub: pg.Pool;
  db: Db;
  /** Ends both pools: after the app (and its adapter) has closed. */
  close(): Promise<void>;
}

const migrationsFolder = path.join(repoRoot, 'apps/api/src/db/migrations');
// Any fixed number: every instance takes the same lock, so only one migrates at a time.
const MIGRATION_LOCK = 727_274_001;

/**
 * The app's pool. A request that waits longer than connectTimeoutMs for a connection is answered
 * 503 with Retry-After (plugins/app/errors.ts), never 500.
 *
 * `warm` (the server's pool: db/open.ts, and the bench's server) opens every connection at once
 * and keeps them open however long they idle (issue 23): otherwise pg closes a connection idle for
 * 10 s, and the first requests after a quiet spell (or after the start) each wait for a new
 * backend to be started and authenticated, then parse and plan every named statement
 * (db/named.ts) again on it. A fixed-size pool costs the database `poolMax` idle backends.
 */
export function connectDatabase(
  url: string,
  poolMax = 10,
  connectTimeoutMs = 10_000,
  options: { warm?: boolean } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    min: options.warm ? poolMax : 0,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  if (options.warm) warmUp(pool, poolMax);
  const db = drizzle(pool, { schema });
  const pubsub = connectPubSubPool(url);
  return {
    url,
    pool,
    pubsub,
    db,
    close: async () => {
      await Promise.all([pool.end(), pubsub.end()]);
    },
  };
}

/**
 * Opens the pool's connections in the background, all at once, each handed back at once; one
 * that fails is opened by the first request that needs it, as it would have been.
 */
function warmUp(pool: pg.Pool, count: number) {
  for (let i = 0; i < count; i++) {
    pool.connect().then(
      (client) => client.release(),
      () => {},
    );
  }
}

/** Applies the migration set; instances starting together wait for each other. */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

let newestMigration: number | undefined;

/**
 * Whether the database has every migration of this build (readiness, decision 062): drizzle's
 * table names the newest applied one by its journal time. Throws when the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  try {
    const result = await db.execute<{ newest: string | null }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    return Number(result.rows[0]?.newest ?? 0) >= newestMigration;
  } catch (err) {
    // No migrations table (or schema) yet: none applied.
    if (['42P01', '3F000'].includes((err as { code?: string }).code ?? '')) return false;
    throw err;
  }
}

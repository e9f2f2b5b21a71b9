import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ImageStorage } from '../../storage/image-storage';
import { IMAGE_REFERENCES } from './references';

/*
 * The upload sweep (docs/decisions/021-upload-sweep.md): image files are written before the
 * product that names them is committed, so a process killed in between leaves files nobody points
 * to. The sweep lists the storage's image files, keeps the ones written within the last hour (an
 * upload may be on its way to its commit), and deletes the rest unless something in
 * references.ts names them.
 *
 * Nothing is held in this process but one page of names: the old files' names go into a temporary
 * table in batches, each referring query removes what it names in one pass (a hash join inside
 * PostgreSQL, not a query per file), and what is left is deleted a batch at a time. Only one
 * instance sweeps at a time (a session advisory lock); the others skip their turn.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Any fixed number, different from the migration lock (db/client.ts). */
const SWEEP_LOCK = 727_274_002;
const BATCH = 1000;

export interface SweepOptions {
  databaseUrl: string;
  storage: ImageStorage;
  /** Files written at or after now - minAgeMs are never deleted. */
  now?: Date;
  minAgeMs?: number;
  /** Stops a sweep between batches (on shutdown). */
  signal?: AbortSignal;
}

export interface SweepResult {
  /** False when another instance held the lock: nothing was looked at. */
  swept: boolean;
  /** Image files in the storage. */
  listed: number;
  /** Of those, old enough to be deleted if nothing refers to them. */
  old: number;
  /** Files deleted: image files nothing refers to, and temporary leftovers of interrupted writes. */
  removed: number;
}

/** One sweep of the image storage; see the top of this file. */
export async function sweepUploads(options: SweepOptions): Promise<SweepResult> {
  const { storage, signal } = options;
  const before = new Date((options.now ?? new Date()).getTime() - (options.minAgeMs ?? HOUR_MS));
  // A connection of its own: a long listing never holds one of the pool's, and the lock and the
  // temporary table end with the session even if this process dies.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const db = drizzle(client);
  try {
    const lock = await db.execute<{ locked: boolean }>(sql`select pg_try_advisory_lock(${SWEEP_LOCK}) as locked`);
    if (!lock.rows[0]?.locked) return { swept: false, listed: 0, old: 0, removed: 0 };

    await db.execute(sql`create temporary table upload_sweep_candidates (name text primary key, id text not null)`);
    let listed = 0;
    let old = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.execute(
        sql`insert into upload_sweep_candidates (name, id) select n, left(n, 32) from unnest(${sql.param(batch)}::text[]) n on conflict do nothing`,
      );
      batch = [];
    };
    for await (const file of storage.list()) {
      signal?.throwIfAborted();
      listed += 1;
      if (file.modified >= before) continue;
      old += 1;
      batch.push(file.name);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    await db.execute(sql`analyze upload_sweep_candidates`);

    for (const reference of IMAGE_REFERENCES) {
      signal?.throwIfAborted();
      const left = await db.execute<{ any: boolean }>(
        sql`select exists (select 1 from upload_sweep_candidates) as any`,
      );
      if (!left.rows[0]?.any) break;
      await db.execute(
        sql`delete from upload_sweep_candidates where id in (select substring(r.value from '[0-9a-f]{32}') from (${reference.query}) as r(value))`,
      );
    }

    let removed = 0;
    for (;;) {
      signal?.throwIfAborted();
      const orphans = await db.execute<{ name: string }>(
        sql`delete from upload_sweep_candidates where name in (select name from upload_sweep_candidates limit ${BATCH}) returning name`,
      );
      if (orphans.rows.length === 0) break;
      await storage.remove(orphans.rows.map((row) => row.name));
      removed += orphans.rows.length;
    }
    removed += await storage.removeLeftovers(before);
    return { swept: true, listed, old, removed };
  } finally {
    // Ending the session drops the temporary table and releases the lock.
    await client.end().catch(() => {});
  }
}

export interface UploadSweeps {
  /** Resolves when the sweep under way (if any) has finished. */
  settled(): Promise<void>;
  /** Stops the timer and the sweep under way; resolves when it has stopped. */
  stop(): Promise<void>;
}

export interface UploadSweepSchedule {
  databaseUrl: string;
  storage: ImageStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  minAgeMs?: number;
  /** The first sweep this long after the start (at once by default). */
  firstAfterMs?: number;
}

/**
 * Sweeps at once, or firstAfterMs later (in the background: start-up does not wait), and then
 * every intervalMs (a day by default). The timer does not keep the process alive; stop() on shutdown.
 */
export function startUploadSweeps(schedule: UploadSweepSchedule): UploadSweeps {
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy || abort.signal.aborted) return;
    busy = true;
    running = sweepUploads({
      databaseUrl: schedule.databaseUrl,
      storage: schedule.storage,
      minAgeMs: schedule.minAgeMs,
      signal: abort.signal,
    })
      .then((result) => {
        if (result.swept) schedule.log.info({ uploadSweep: result }, 'upload sweep done');
        else schedule.log.info('upload sweep skipped: another instance is sweeping');
      })
      .catch((err) => {
        if (!abort.signal.aborted)
          schedule.log.warn({ err }, 'upload sweep failed; it runs again at the next interval');
      })
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(run, schedule.intervalMs ?? DAY_MS);
  timer.unref();
  const first = schedule.firstAfterMs === undefined ? undefined : setTimeout(run, schedule.firstAfterMs);
  first?.unref();
  if (!first) run();
  return {
    settled: () => running,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}

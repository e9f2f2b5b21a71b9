import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, watchChild } from './processes';
import { waitUntil } from './wait';

/**
 * A real nginx (Debian's, which .ci/run installs) as a child of the test: its own prefix folder,
 * pid file and temporary folders, errors on stderr, on a free port, never the system service.
 */
export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  base: string;
  /** What nginx wrote so far (its error log). */
  output(): string;
  /** SIGTERM, SIGKILL if it has not exited after 10 s; its folder removed. */
  stop(): Promise<void>;
}

/**
 * Starts nginx with `site` (what goes inside `http {}`, e.g. /etc/nginx/conf.d/backroom.conf)
 * where `listen 8080` becomes a free port on 127.0.0.1, and waits until `probe` answers through it.
 */
export async function startNginx(site: string, probe: string): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: .ci/run installs Debian's nginx (apt-get install -y nginx)`);
  }
  if (!/\blisten 8080;/.test(site)) throw new Error('the configuration has no `listen 8080;` to replace');
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must be able to enter the folder.
  await fs.chmod(dir, 0o755);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await fs.writeFile(path.join(dir, 'site.conf'), site.replace(/\blisten 8080;/, `listen 127.0.0.1:${port};`));
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX,
    [
      '-p',
      dir,
      '-e',
      'stderr',
      '-c',
      path.join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log stderr;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const nginx: Nginx = { base: `http://127.0.0.1:${port}`, ...watchChild(child, dir) };
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
      const res = await fetch(`${nginx.base}${probe}`).catch(() => undefined);
      await res?.body?.cancel();
      return res?.status === 200;
    }, 'nginx to answer');
  } catch (error) {
    await nginx.stop();
    throw new Error(`${(error as Error).message}\n${nginx.output()}`);
  }
  return nginx;
}

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';

/** A free TCP port on 127.0.0.1, for a process the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Watched {
  /** What the process wrote so far, stdout and stderr. */
  output(): string;
  /** SIGTERM (a clean stop), SIGKILL if it has not exited after 10 s; then its folder removed. */
  stop(): Promise<void>;
}

/** Gathers what a child process writes, and stops it (and removes the folder it worked in) on demand. */
export function watchChild(child: ChildProcess, folder: string): Watched {
  let out = '';
  const gather = (d: Buffer | string) => {
    out += d;
  };
  child.stdout?.on('data', gather);
  child.stderr?.on('data', gather);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

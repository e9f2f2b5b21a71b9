import { pbkdf2 } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLogDestination } from './log-destination';

const pbkdf2Async = promisify(pbkdf2);
const dir = mkdtempSync(path.join(os.tmpdir(), 'backroom-log-'));
const opened: number[] = [];
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd);
});

const logTo = () => {
  const file = path.join(dir, `${opened.length}-${Date.now()}.log`);
  const fd = openSync(file, 'w');
  opened.push(fd);
  const destination = batchedLogDestination(fd);
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; i?: number });
  return { log: pino({ level: 'info' }, destination), destination, lines };
};

describe('the log destination', () => {
  it('writes the lines of one turn together once the turn ends, in order', async () => {
    const { log, lines } = logTo();
    for (let i = 0; i < 3; i++) log.info({ i }, 'line');
    // Nothing is written while the turn goes on.
    expect(lines()).toEqual([]);
    // Handed over when the turn ends, then written in the background.
    await vi.waitFor(() => expect(lines().map((l) => l.i)).toEqual([0, 1, 2]));
  });

  it('writes what is gathered at once when flushed synchronously (as at exit), the thread pool busy', async () => {
    const { log, destination, lines } = logTo();
    // Every thread of libuv's pool kept busy: a write handed to it could not land before the
    // check below (as at exit, where nothing waits for it), a synchronous one does.
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const busy = Array.from({ length: threads }, () => pbkdf2Async('p', 's', 300_000, 32, 'sha256'));
    log.info('last words');
    destination.flushSync();
    expect(lines().map((l) => l.msg)).toEqual(['last words']);
    await Promise.all(busy);
  });
});

process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

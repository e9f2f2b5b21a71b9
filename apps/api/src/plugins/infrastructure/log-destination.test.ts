import { pbkdf2 } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLogDestination, LOG_BATCH_BYTES } from './log-destination';

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
  it('writes the lines of several turns together once the batch is due, in order', async () => {
    const { log, lines } = logTo();
    log.info({ i: 0 }, 'line');
    // A turn of the event loop later, the first line still waits with the next ones.
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 1; i < 3; i++) log.info({ i }, 'line');
    expect(lines()).toEqual([]);
    // Handed over when the batch is due (LOG_BATCH_MS), then written in the background.
    await vi.waitFor(() => expect(lines().map((l) => l.i)).toEqual([0, 1, 2]));
  });

  it('hands a batch over at once when it reaches LOG_BATCH_BYTES', async () => {
    // The batch's timer never fires here: only its length can hand it over.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { log, destination, lines } = logTo();
      const text = 'x'.repeat(1000);
      // Lines of more than 1,000 bytes: the batch reaches LOG_BATCH_BYTES before the last.
      const count = Math.ceil(LOG_BATCH_BYTES / text.length);
      for (let i = 0; i < count; i++) log.info({ i, text }, 'line');
      while (lines().length === 0) await new Promise((resolve) => setImmediate(resolve));
      const first = lines().map((l) => l.i);
      expect(first).toEqual(Array.from({ length: first.length }, (_, i) => i));
      expect(first.length).toBeLessThan(count);
      // The rest waits for its timer; written when flushed, in order after the first batch.
      destination.flushSync();
      expect(lines().map((l) => l.i)).toEqual(Array.from({ length: count }, (_, i) => i));
    } finally {
      vi.useRealTimers();
    }
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

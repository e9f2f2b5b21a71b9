import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, ServerBusy } from '../../http-error';
import { HashQueue } from './hash-queue';

/** Work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('HashQueue', () => {
  it('runs at most its concurrency at once, the rest in line in order, and turns away past the line with a 503', async () => {
    const queue = new HashQueue(2, 3);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let peak = 0;
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        peak = Math.max(peak, queue.load.running);
        await g.opened;
        return i;
      }),
    );
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    const turnedAway = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(turnedAway).toBeInstanceOf(ServerBusy);
    expect(turnedAway).toMatchObject({ statusCode: 503, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });

    for (const g of gates) g.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot back when the work fails', async () => {
    const queue = new HashQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('argon2 failed')))).rejects.toThrow('argon2 failed');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

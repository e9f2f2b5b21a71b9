import { writeSync } from 'node:fs';
import pino from 'pino';

/** What pino needs of a destination, and what it calls to flush one. */
export interface LogDestination {
  write(line: string): boolean;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

let stdout: LogDestination | undefined;

/**
 * The app's log on stdout, written in the background in batches (decision 054). pino's own
 * destination (`sync: false`) starts a write as soon as a line comes and none is under way, so
 * under load most lines still went in a write of their own: each a call into the thread pool and
 * back, which was the largest single item of the DB-free route's profile. Gathering the lines of
 * one turn of the event loop was not enough: on the shared 2-core machine a turn under load holds
 * one or two requests, and an asynchronous write costs about 15 µs on the main thread (handing it
 * to the pool) and 25 µs of the process's CPU in all, whatever its length up to a few KB. So the
 * lines are gathered for at most LOG_BATCH_MS (or until LOG_BATCH_BYTES) and handed over in one
 * write: a line reaches the file at most that late; what is gathered when the process exits is
 * written before it does. One per process: every app built in the process (the tests build
 * several) shares it.
 */
export function stdoutLogDestination(): LogDestination {
  stdout ??= batchedLogDestination(1);
  return stdout;
}

/** The longest a line waits before its batch is handed over. */
export const LOG_BATCH_MS = 10;
/** A batch this long is handed over at once (about 380 request lines), whatever its age. */
export const LOG_BATCH_BYTES = 64 * 1024;

/** Lines to `fd`, gathered for at most LOG_BATCH_MS, in one write (stdoutLogDestination's; for a test, any file). */
export function batchedLogDestination(fd: number): LogDestination {
  const out = pino.destination({ dest: fd, sync: false });
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const batch = pending;
    pending = '';
    out.write(batch);
  };
  /**
   * What is gathered, written now: sonic-boom's queued lines synchronously, then ours with a
   * write of our own. Handing ours to sonic-boom first would start an asynchronous write, which
   * its flushSync does not wait for: at exit, those lines would be lost. A write sonic-boom has
   * under way (an earlier batch's) may land after these lines, never be lost.
   */
  const writeNow = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    out.flushSync();
    if (pending === '') return;
    const batch = pending;
    pending = '';
    writeSync(fd, batch);
  };
  process.once('exit', () => {
    try {
      writeNow();
    } catch {
      // Exiting anyway: nothing more can be done for a line that cannot be written.
    }
  });
  return {
    write(line) {
      pending += line;
      if (pending.length >= LOG_BATCH_BYTES) handOver();
      // Unref'd: a batch waiting does not keep the process up; the exit handler writes it.
      else timer ??= setTimeout(handOver, LOG_BATCH_MS).unref();
      return true;
    },
    flush(callback) {
      handOver();
      out.flush(callback);
    },
    flushSync() {
      writeNow();
    },
  };
}

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
 * The app's log on stdout, written once per turn of the event loop (decision 054). pino's own
 * destination (`sync: false`) starts a write as soon as a line comes and none is under way, so
 * under load most lines still went in a write of their own: each a call into the thread pool and
 * back, which was the largest single item of the DB-free route's profile (about 20 µs a request on
 * the shared 2-core machine, more than the rest of the request log and the metrics together).
 * Here the lines of one turn are gathered and handed over in one write when the turn ends
 * (setImmediate), so a line waits for the turn it was logged in, never longer; what is gathered
 * when the process exits is written before it does. One per process: every app built in the
 * process (the tests build several) shares it.
 */
export function stdoutLogDestination(): LogDestination {
  stdout ??= batchedLogDestination(1);
  return stdout;
}

/** Lines to `fd`, those of one turn of the event loop in one write (stdoutLogDestination's, for a test any file). */
export function batchedLogDestination(fd: number): LogDestination {
  const out = pino.destination({ dest: fd, sync: false });
  let pending = '';
  let scheduled = false;
  const handOver = () => {
    scheduled = false;
    if (pending === '') return;
    const batch = pending;
    pending = '';
    out.write(batch);
  };
  /**
   * What is gathered, written now: sonic-boom's queued lines synchronously, then ours with a
   * write of our own. Handing ours to sonic-boom first would start an asynchronous write, which
   * its flushSync does not wait for: at exit, those lines would be lost. A write sonic-boom has
   * under way (an earlier turn's) may land after these lines, never be lost.
   */
  const writeNow = () => {
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
      if (!scheduled) {
        scheduled = true;
        setImmediate(handOver);
      }
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

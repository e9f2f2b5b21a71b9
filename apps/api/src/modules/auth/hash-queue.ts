import { ServerBusy } from '../../http-error';

/**
 * Runs slow work (password hashes) a few at a time, the rest in line; when the line is full, a
 * newcomer is turned away at once with a 503 and Retry-After (docs/decisions/045-overload.md).
 * argon2 runs on libuv's thread pool (4 threads by default), which file reads, DNS and zlib share:
 * a burst of logins must never hold all of it, nor keep requests waiting so long that their
 * database connections time out behind it.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** How many run and how many wait now (for tests and logs). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ServerBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so running never exceeds concurrency.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

import { percentile } from '../timing';

/** What the simulated shop did, counted as it happens. */
export interface Counts {
  customers: number;
  logins: number;
  productPages: number;
  searches: number;
  productsViewed: number;
  wishlisted: number;
  unwishlisted: number;
  ordersPlaced: number;
  ordersRefused: number;
  codesUsed: number;
  bundlesBought: number;
  /** Bundle lists a customer fetched that held no bundle on sale. */
  noBundleOnSale: number;
  messagesSent: number;
  repliesSent: number;
  repliesReceived: number;
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

const latencyOf = (values: number[]): Latency => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

/** A path's made-up parts out of the way, so refusals of the same kind count together. */
const kind = (text: string) =>
  text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/[0-9a-f]{24}/g, ':id')
    .slice(0, 160);

const zero = (): Counts => ({
  customers: 0,
  logins: 0,
  productPages: 0,
  searches: 0,
  productsViewed: 0,
  wishlisted: 0,
  unwishlisted: 0,
  ordersPlaced: 0,
  ordersRefused: 0,
  codesUsed: 0,
  bundlesBought: 0,
  noBundleOnSale: 0,
  messagesSent: 0,
  repliesSent: 0,
  repliesReceived: 0,
});

export interface Snapshot {
  counts: Counts;
  calls: number;
  /** Answers that were not 2xx, by status ('network' when no answer came), e.g. { '429': 3 }. */
  errors: Record<string, number>;
  /** The first few 5xx and network failures, for the report. */
  failures: string[];
  /** Why 4xx answers came, most frequent first: 'POST /api/customer/orders 409: "…" is out of stock' x3. */
  refusals: [string, number][];
  /** Every call. */
  latency: Latency;
  /** Every call but register and login, whose password hashing is slow on purpose. */
  shopLatency: Latency;
  seconds: number;
}

/** Counts, every call's latency and every error's status; fatal when a 5xx or a network error was seen. */
export class Recorder {
  readonly counts = zero();
  private readonly latencies: number[] = [];
  private readonly shopLatencies: number[] = [];
  private readonly errors = new Map<string, number>();
  private readonly refusals = new Map<string, number>();
  private readonly failures: string[] = [];
  private readonly started = performance.now();

  call(ms: number, status: number | 'network', what: string, detail = ''): void {
    this.latencies.push(ms);
    if (!/\/(register|login)$/.test(what)) this.shopLatencies.push(ms);
    if (status !== 'network' && status < 400) return;
    const key = String(status);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (status !== 'network' && status < 500) {
      const refusal = kind(`${what} ${status}: ${detail}`);
      this.refusals.set(refusal, (this.refusals.get(refusal) ?? 0) + 1);
    }
    if ((status === 'network' || status >= 500) && this.failures.length < 10) {
      this.failures.push(`${what}: ${status} ${detail}`.trim());
    }
  }

  /** Any 5xx or call without an answer: the run fails. */
  get fatal(): boolean {
    return [...this.errors.keys()].some((k) => k === 'network' || Number(k) >= 500);
  }

  snapshot(): Snapshot {
    return {
      counts: { ...this.counts },
      calls: this.latencies.length,
      errors: Object.fromEntries([...this.errors].sort(([a], [b]) => a.localeCompare(b))),
      failures: [...this.failures],
      refusals: [...this.refusals].sort((a, b) => b[1] - a[1]),
      latency: latencyOf(this.latencies),
      shopLatency: latencyOf(this.shopLatencies),
      seconds: (performance.now() - this.started) / 1000,
    };
  }
}

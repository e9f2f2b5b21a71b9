/**
 * GET /metrics once after npm run bench's load (docs/decisions/061-metrics.md): what an operator's
 * Prometheus would have seen, in three lines.
 */

/** The token the bench's server is started with. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface MetricsSummary {
  requests: number;
  /** The histogram's bucket that holds the 99th percentile, in ms (an upper bound). */
  p99Ms: number;
  poolWaitingMax: number;
  eventLoopP99Ms: number;
  loginRefusals: number;
}

/** Sums every series of the duration histogram and reads the single-value figures. */
export function summariseMetrics(text: string): MetricsSummary {
  const buckets = new Map<number, number>();
  let requests = 0;
  let poolWaitingMax = 0;
  let eventLoopP99Ms = 0;
  let loginRefusals = 0;
  for (const line of text.split('\n')) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    const bucket = /^backroom_http_request_duration_seconds_bucket\{le="([^"]+)"/.exec(line);
    if (bucket?.[1]) {
      const le = bucket[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(bucket[1]);
      buckets.set(le, (buckets.get(le) ?? 0) + value);
    } else if (line.startsWith('backroom_http_request_duration_seconds_count{')) requests += value;
    else if (line.startsWith('backroom_db_pool_waiting_max ')) poolWaitingMax = value;
    else if (line.startsWith('nodejs_eventloop_lag_p99_seconds ')) eventLoopP99Ms = value * 1000;
    else if (line.startsWith('backroom_login_refusals_total{')) loginRefusals += value;
  }
  const le = [...buckets.keys()].sort((a, b) => a - b).find((b) => (buckets.get(b) ?? 0) >= requests * 0.99);
  return { requests, p99Ms: (le ?? Number.POSITIVE_INFINITY) * 1000, poolWaitingMax, eventLoopP99Ms, loginRefusals };
}

export async function scrapeMetrics(base: string): Promise<MetricsSummary> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
  return summariseMetrics(await res.text());
}

export function metricsLines(m: MetricsSummary): string[] {
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return [
    `GET /metrics after the load: ${fmt(m.requests)} requests answered, p99 ${Number.isFinite(m.p99Ms) ? `at most ${fmt(m.p99Ms)} ms` : 'above 10 s'} (histogram bucket)`,
    `  pool: at most ${fmt(m.poolWaitingMax)} queries waiting for a connection; event-loop delay p99 ${fmt(m.eventLoopP99Ms)} ms; ${fmt(m.loginRefusals)} login refusals`,
  ];
}

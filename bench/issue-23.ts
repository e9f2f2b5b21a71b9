/**
 * Issue 23's goals in one table, the last thing npm run bench prints: each figure beside its goal,
 * its baseline (measured in the same run where the bench has one, else what the issue measured)
 * and whether it is met. The figures come from the sections' own results (compression.ts,
 * login-load.ts, lighthouse.ts, catalogue.ts, mixed.ts, cold-start.ts); nothing is measured here.
 */
import type { CatalogueBench } from './catalogue';
import type { ColdStartResult } from './cold-start';
import { type CompressionResult, compressionShare } from './compression';
import { ISSUE_23 } from './cost';
import { LOGIN_JS_BUDGET_KB } from './initial-js';
import { LIGHTHOUSE_GOALS, type LighthousePage } from './lighthouse';
import type { LoadResult } from './load';
import type { LoginLoad } from './login-load';
import type { MixedBench } from './mixed-load';

/** What issue 23 measured before its work, where the bench has no baseline of its own in the run. */
const BEFORE = {
  loginJs: '600 KB uncompressed, 189 KB gzip (issue)',
  lighthouseLogin: 'performance 44 (issue)',
  lighthouseDashboard: 'performance 34 (decision 053), 45 compressed (decision 058)',
  coldStart: '5.3 s (issue)',
};

export interface Issue23Figures {
  compression: CompressionResult;
  received: LoginLoad;
  lighthouse: LighthousePage[];
  catalogue: CatalogueBench;
  /** Event-loop delay p99 (ms) on the server while the product page was under load. */
  catalogueDelayP99Ms: number;
  bare: LoadResult;
  live: LoadResult;
  /** The DB-free route's share of bare node:http's throughput: the median of alternating rounds' ratios. */
  liveShare: number;
  mixed: MixedBench;
  coldStart: ColdStartResult;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The rows (a header first): figure, now, baseline, goal, met. */
export function issue23GoalRows(f: Issue23Figures): string[][] {
  const { compression: c, received, catalogue, mixed, coldStart } = f;
  const share = compressionShare(c);
  const { liveShare } = f;
  const apiOverSql = catalogue.api.median / catalogue.rawPrepared.median;
  const yes = (met: boolean) => (met ? 'yes' : 'NO');
  const rows: string[][] = [
    ['figure', 'now', 'baseline', 'goal', 'met'],
    [
      'wire bytes: page of 100 products',
      `${kb(c.products.bytesOn)} ${c.products.encoding}`,
      `${kb(c.products.bytesOff)} with COMPRESSION=off`,
      'compressed (JSON over 1 KB)',
      yes(c.products.encoding !== 'identity' && c.products.bytesOn < c.products.bytesOff),
    ],
    [
      "compression's cost: DB-free route",
      `${fmt(c.live.on.requestsPerSecond)} req/s (${fmt(share * 100)}%)`,
      `${fmt(c.live.off.requestsPerSecond)} req/s with COMPRESSION=off`,
      '≥ 90% of off',
      yes(share >= 0.9),
    ],
    [
      'login screen JS as received',
      `${fmt(received.jsWireKb, 1)} KB (${received.encodings.join(', ')})`,
      `${fmt(received.jsDecodedKb, 1)} KB decoded; ${BEFORE.loginJs}`,
      `≤ ${LOGIN_JS_BUDGET_KB} KB`,
      yes(received.jsWireKb <= LOGIN_JS_BUDGET_KB),
    ],
  ];
  const g = LIGHTHOUSE_GOALS;
  for (const { page, runs, median: m } of f.lighthouse) {
    rows.push([
      `Lighthouse on a phone, ${page}`,
      `performance ${m.performance} (runs ${runs.map((r) => r.performance).join(', ')}), a11y ${m.accessibility}, BP ${m.bestPractices}`,
      page === '/login' ? BEFORE.lighthouseLogin : BEFORE.lighthouseDashboard,
      `≥ ${g.performance} (a11y ${g.accessibility}, BP ≥ ${g.bestPractices})`,
      yes(m.performance >= g.performance && m.accessibility >= g.accessibility && m.bestPractices >= g.bestPractices),
    ]);
  }
  rows.push(
    [
      'product page one at a time',
      `${fmt(catalogue.api.median, 2)} ms (${fmt(apiOverSql, 2)}x)`,
      `same SQL prepared ${fmt(catalogue.rawPrepared.median, 2)} ms; issue ${ISSUE_23.apiOverSql.measured}`,
      '≤ 1.5x the SQL',
      yes(apiOverSql <= 1.5),
    ],
    [
      'DB-free route vs bare node:http',
      `${fmt(f.live.requestsPerSecond)} req/s (${fmt(liveShare * 100)}%)`,
      `bare ${fmt(f.bare.requestsPerSecond)} req/s; issue ${ISSUE_23.liveOverBare.measured}`,
      '≥ 60%',
      yes(liveShare >= 0.6),
    ],
    [
      'event-loop delay p99, product load',
      `${fmt(f.catalogueDelayP99Ms, 1)} ms`,
      `issue ${ISSUE_23.delay.measured.split(' (')[0]}`,
      '< 20 ms',
      yes(f.catalogueDelayP99Ms < 20),
    ],
    [
      'mixed load, 200 connections',
      `p99 ${fmt(mixed.p99)} ms, ${mixed.errors + mixed.non2xx} errors, ${mixed.statusChanges.missing} lost`,
      `issue p99 1,234 ms`,
      '≤ 500 ms, 0 errors, 0 lost',
      yes(mixed.p99 <= 500 && mixed.errors + mixed.non2xx === 0 && mixed.statusChanges.missing === 0),
    ],
    [
      'cold start: npm run serve → first login',
      `${sec(coldStart.medians.built)} (listening ${sec(coldStart.listeningMs)})`,
      `tsx start ${sec(coldStart.medians.tsx)} in this run; ${BEFORE.coldStart}`,
      `≤ ${sec(2000)}`,
      yes(coldStart.medians.built <= 2000),
    ],
  );
  return rows;
}

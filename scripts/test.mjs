#!/usr/bin/env node
/*
 * `npm test`: every stage of the suite, overlapped where the machine has room, each stage's wall
 * time printed at its end and all of them in a table at the finish (docs/decisions/041-test-tiers.md).
 *
 *   npm test                  every stage
 *   npm test -- api e2e       only these stages (and the stages they need, e.g. build for e2e)
 *   npm test -- --list        the stages, what each runs and what it needs
 *
 * Each stage has a weight: about how many of the machine's cores it keeps busy. Stages start in
 * the order below as soon as what they need has passed and the running weights leave room
 * (TEST_CORES, by default the machine's cores). A stage's output is shown as it comes, each line
 * prefixed with the stage's name. A failed stage lets the running ones finish, starts no new one,
 * and makes the run fail.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

/** @type {{ name: string, what: string, command: string, needs?: string[], weight: number }[]} */
const STAGES = [
  // The browser suite is the longest: its build comes first so that it starts at once.
  // The login screen's JavaScript budget is checked on that build (bench/login-budget.ts, decision 053).
  {
    name: 'build',
    what: "the admin and the server, built once for the browser suite and the spawned servers, and the login screen's JavaScript budget",
    command: 'npm run build && node --import tsx bench/login-budget.ts',
    weight: 1,
  },
  {
    name: 'e2e',
    what: 'browser suite (Playwright, Debian chromium) against the built app',
    command: 'npx playwright test -c apps/admin/playwright.config.ts',
    needs: ['build'],
    weight: 1,
  },
  // Beside the build: the first answer about the types, then the API suites as soon as the build is there.
  { name: 'typecheck', what: 'tsc -b over the project references', command: 'npx tsc -b', weight: 1 },
  {
    name: 'api',
    what: 'API suite and the scale tier on embedded PostgreSQL 18',
    command: 'npx vitest run --project api --project scale',
    // Its whole-process tests run the built server (apps/api/dist, decision 051).
    needs: ['build'],
    weight: 1,
  },
  {
    name: 'api-pg15',
    what: 'API suite (without the scale tier) on PostgreSQL 15',
    command: 'node scripts/with-pg15.mjs npx vitest run --project api',
    needs: ['build'],
    weight: 1,
  },
  // Short stages last: they take whichever core frees first (the browser suite's or the API suites'),
  // instead of holding back the API suites, the longer lane (docs/decisions/041-test-tiers.md).
  { name: 'lint', what: 'Biome and the import rules (dependency-cruiser)', command: 'npm run lint', weight: 1 },
  { name: 'unit', what: 'Vitest unit project', command: 'npx vitest run --project unit', weight: 1 },
];

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const s of STAGES) {
    console.log(
      `${s.name.padEnd(10)} ${s.what}\n${''.padEnd(10)} $ ${s.command}${s.needs ? `  (needs ${s.needs})` : ''}`,
    );
  }
  process.exit(0);
}

const byName = new Map(STAGES.map((s) => [s.name, s]));
const unknown = args.filter((a) => !byName.has(a));
if (unknown.length > 0) {
  console.error(`test: no stage named ${unknown.join(', ')} (npm test -- --list shows them)`);
  process.exit(2);
}
/** The stages asked for and everything they need. */
const wanted = new Set();
const want = (name) => {
  if (wanted.has(name)) return;
  wanted.add(name);
  for (const need of byName.get(name)?.needs ?? []) want(need);
};
for (const name of args.length > 0 ? args : STAGES.map((s) => s.name)) want(name);
const plan = STAGES.filter((s) => wanted.has(s.name));

const cores = Number(process.env.TEST_CORES) || os.availableParallelism();
const width = Math.max(...plan.map((s) => s.name.length));
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const clock = () => seconds(performance.now() - started).padStart(6);

/** @type {Map<string, { status: 'passed' | 'failed' | 'skipped', ms: number }>} */
const results = new Map();
const running = new Map();
let failed = false;

function start(stage) {
  const begun = performance.now();
  console.log(`${clock()} ▶ ${stage.name}: ${stage.command}`);
  const child = spawn(stage.command, {
    cwd: root,
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', TEST_STAGE: stage.name },
  });
  const prefix = `${stage.name.padEnd(width)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ms = performance.now() - begun;
      const ok = code === 0;
      if (!ok) failed = true;
      results.set(stage.name, { status: ok ? 'passed' : 'failed', ms });
      console.log(
        `${clock()} ${ok ? '✔' : '✘'} ${stage.name} ${ok ? 'passed' : `failed (${signal ?? code})`} in ${seconds(ms)}`,
      );
      running.delete(stage.name);
      resolve();
    });
  });
  running.set(stage.name, { stage, done });
}

const load = () => [...running.values()].reduce((sum, r) => sum + r.stage.weight, 0);
const ready = (s) => (s.needs ?? []).every((n) => results.get(n)?.status === 'passed');

for (;;) {
  const waiting = plan.filter((s) => !results.has(s.name) && !running.has(s.name));
  if (failed) for (const s of waiting) results.set(s.name, { status: 'skipped', ms: 0 });
  else {
    for (const s of waiting) {
      if ((s.needs ?? []).some((n) => results.get(n)?.status === 'failed' || results.get(n)?.status === 'skipped')) {
        results.set(s.name, { status: 'skipped', ms: 0 });
        continue;
      }
      // One stage always runs, however heavy; the rest start while the cores have room.
      if (ready(s) && (running.size === 0 || load() + s.weight <= cores)) start(s);
    }
  }
  if (running.size === 0) break;
  await Promise.race([...running.values()].map((r) => r.done));
}

const total = performance.now() - started;
console.log(`\nStage times (wall clock, ${cores} cores; stages overlap):`);
for (const s of plan) {
  const r = results.get(s.name);
  console.log(
    `  ${s.name.padEnd(width)}  ${(r?.status ?? 'skipped').padEnd(7)}  ${r?.ms ? seconds(r.ms).padStart(6) : ''}`,
  );
}
console.log(`  ${'total'.padEnd(width)}  ${failed ? 'failed ' : 'passed '}  ${seconds(total).padStart(6)}`);
process.exit(failed ? 1 : 0);

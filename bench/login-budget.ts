/**
 * The login screen's JavaScript budget (issue 23, docs/decisions/053-login-screen-weight.md), run
 * by `npm test`'s build stage after the admin is built: what /login loads before it can be used
 * (bench/initial-js.ts reads it from the build's manifest), brotli-compressed as the build would
 * precompress it, must stay within LOGIN_JS_BUDGET_KB. Exits 1 when it does not.
 *
 *   node --import tsx bench/login-budget.ts [dist]   (default: ADMIN_DIST, else apps/admin/dist)
 */
import path from 'node:path';
import { initialAssets, LOGIN_JS_BUDGET_KB } from './initial-js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.argv[2] ?? process.env.ADMIN_DIST ?? 'apps/admin/dist');
const assets = await initialAssets(dist);
if (!assets.withLoginRoute) {
  console.error(`login budget: ${dist} has no .vite/manifest.json; build the admin first (npm run build)`);
  process.exit(1);
}
const within = assets.jsBrotliKb <= LOGIN_JS_BUDGET_KB;
console.log(
  `login budget: ${assets.jsBrotliKb.toFixed(1)} KB of JavaScript (brotli) in ${assets.jsFiles} files ` +
    `(${assets.jsRawKb.toFixed(1)} KB uncompressed, ${assets.jsKb.toFixed(1)} KB gzip), ` +
    `${assets.cssBrotliKb.toFixed(1)} KB CSS; budget ${LOGIN_JS_BUDGET_KB} KB: ${within ? 'within' : 'EXCEEDED'}`,
);
if (!within) process.exit(1);

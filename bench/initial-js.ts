import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The login screen's code, as the router loads it (app/routes.tsx: auth's login composed in the app layer). */
const LOGIN_ROUTE = 'src/app/screens/login-screen.tsx';

/** Issue 23's budget: the JavaScript /login loads before it can be used, as received with brotli. */
export const LOGIN_JS_BUDGET_KB = 120;

/** Brotli at its highest quality, as a build precompresses a file once (issue 23). */
export const brotliSize = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The JavaScript and CSS the login screen loads before it can be used, compressed from the files
 * (brotli as precompressed, and gzip): what index.html links (the entry, its modulepreloads and
 * stylesheets), the entry's static imports, and the login route's chunk with its static imports,
 * all read from the build's manifest (vite.config.ts writes it), so no list of files is kept by
 * hand. Code fetched later (the login's checks as the admin types, the shell while the password
 * is typed, the toast host with the first toast) is not part of it. Without a manifest only
 * index.html's links count, which leaves out the login route's chunks.
 */
export async function initialAssets(dist: string) {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const files = new Set(linked);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const withLoginRoute = existsSync(manifestFile);
  if (withLoginRoute) {
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const seen = new Set<string>();
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const next of chunk.imports ?? []) add(next);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
    const login = Object.keys(manifest).find((key) => key.endsWith(LOGIN_ROUTE));
    if (!login) throw new Error(`the build has no chunk for ${LOGIN_ROUTE}`);
    add(login);
  }
  const sizes = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  let jsFiles = 0;
  for (const ref of files) {
    const bytes = await fs.readFile(path.join(dist, ref));
    const kind = ref.endsWith('.js') ? sizes.js : sizes.css;
    if (ref.endsWith('.js')) jsFiles += 1;
    kind.raw += bytes.length;
    kind.gzip += gzipSync(bytes, { level: 9 }).length;
    kind.brotli += brotliSize(bytes);
  }
  const kb = (n: number) => n / 1024;
  return {
    files: files.size,
    jsFiles,
    jsKb: kb(sizes.js.gzip),
    cssKb: kb(sizes.css.gzip),
    jsRawKb: kb(sizes.js.raw),
    jsBrotliKb: kb(sizes.js.brotli),
    cssBrotliKb: kb(sizes.css.brotli),
    withLoginRoute,
  };
}

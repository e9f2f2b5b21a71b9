import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The login screen's code, as the router loads it (app/routes.tsx: auth's login composed in the app layer). */
const LOGIN_ROUTE = 'src/app/screens/login-screen.tsx';

/**
 * The JavaScript and CSS the login screen loads before it can be used, gzipped as a server would
 * send it: what index.html links (the entry and its preloads), and the login route's own chunks
 * with everything they import, from the build's manifest (vite.config.ts writes it). Without a
 * manifest only index.html's links count, which leaves out the login route's chunks.
 */
export async function initialAssets(dist: string) {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const files = new Set(linked);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const withLoginRoute = existsSync(manifestFile);
  if (withLoginRoute) {
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(`${chunk.file}#seen`)) return;
      files.add(`${chunk.file}#seen`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const next of chunk.imports ?? []) add(next);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
    const login = Object.keys(manifest).find((key) => key.endsWith(LOGIN_ROUTE));
    if (!login) throw new Error(`the build has no chunk for ${LOGIN_ROUTE}`);
    add(login);
  }
  let js = 0;
  let css = 0;
  let count = 0;
  for (const ref of files) {
    if (ref.endsWith('#seen')) continue;
    count += 1;
    const size = gzipSync(await fs.readFile(path.join(dist, ref))).length;
    if (ref.endsWith('.js')) js += size;
    else css += size;
  }
  return { files: count, jsKb: js / 1024, cssKb: css / 1024, withLoginRoute };
}

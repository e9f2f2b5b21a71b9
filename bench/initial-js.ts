import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript and CSS the login screen loads before it can show anything: what index.html
 * links (scripts, module preloads, stylesheets), gzipped as a server would send it.
 */
export async function initialAssets(dist: string) {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  let js = 0;
  let css = 0;
  for (const ref of new Set(refs)) {
    const size = gzipSync(await fs.readFile(path.join(dist, ref))).length;
    if (ref.endsWith('.js')) js += size;
    else css += size;
  }
  return { files: refs.length, jsKb: js / 1024, cssKb: css / 1024 };
}

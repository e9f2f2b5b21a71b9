import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository's root, found from this module's folder: the nearest one holding
 * apps/api/package.json. The same from the TypeScript sources (apps/api/src) and from a built
 * bundle (apps/api/dist, bench/dist), whose own folder sits at another depth (decision 051).
 */
export function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/api/package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no Backroom repository above ${from}`);
  }
}

export const repoRoot = findRepoRoot(import.meta.dirname);

import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';

/**
 * A backup file (docs/decisions/063-backups.md): a gzipped tar holding manifest.json, the database
 * (database/cluster/: the embedded cluster's files; or database/backroom.dump: pg_dump's custom
 * format), the uploaded images (uploads/) and DATA_DIR's keys (secrets/).
 */
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: number;
  /** The Backroom (apps/api) version that wrote it. */
  backroom: string;
  createdAt: string;
  /** How many of the migrations in apps/api/src/db/migrations the database had, and the last one's hash. */
  migrations: { applied: number; lastHash: string | null };
  database:
    | { kind: 'cluster'; postgres: string; startWal: string; stopLsn: string }
    | { kind: 'pg_dump'; postgres: string; pgDump: string };
  /** 'files': uploads/ holds DATA_DIR/uploads; 's3': the images stay in the bucket. */
  images: { kind: 'files'; count: number } | { kind: 's3'; bucket: string };
  /** DATA_DIR's files kept beside the database: the cluster's password, the two-factor key. */
  secrets: string[];
}

/** The top-level names an archive may hold; nothing else is extracted. */
const TOP = new Set(['manifest.json', 'database', 'uploads', 'secrets']);

/** Why an entry's path is refused, or undefined when it stays inside the target folder. */
export function refusedPath(entryPath: string): string | undefined {
  if (entryPath === '' || entryPath.includes('\0')) return 'an empty name';
  if (entryPath.startsWith('/') || /^[A-Za-z]:/.test(entryPath) || entryPath.startsWith('\\')) {
    return 'an absolute path';
  }
  const parts = entryPath.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return "a '..' step";
  if (!TOP.has(parts[0] ?? '')) return 'a name a backup does not hold';
  return undefined;
}

/** Writes the folder's entries as a gzipped tar at out (through out.partial, renamed when complete). */
export async function writeArchive(folder: string, out: string): Promise<void> {
  const partial = `${out}.partial`;
  const entries = (await fs.readdir(folder)).filter((name) => TOP.has(name)).sort();
  try {
    await tar.c(
      { file: partial, cwd: folder, gzip: true, portable: true, mode: 0o600 } as tar.TarOptionsWithAliasesFile,
      entries,
    );
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, out);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Reads the whole archive once: every entry's path and type checked (files and folders only, no
 * links), and the manifest returned. Throws naming the first refused entry.
 */
export async function checkArchive(file: string): Promise<Manifest> {
  let manifestText: string | undefined;
  let refused: string | undefined;
  await tar.t({
    file,
    strict: true,
    onReadEntry(entry) {
      const reason = refusedPath(entry.path);
      if (refused === undefined && reason) refused = `${entry.path} (${reason})`;
      else if (
        refused === undefined &&
        entry.type !== 'File' &&
        entry.type !== 'Directory' &&
        entry.type !== 'OldFile'
      ) {
        refused = `${entry.path} (a ${entry.type}: only files and folders are restored)`;
      }
      if (entry.path === 'manifest.json') {
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          manifestText = Buffer.concat(chunks).toString('utf8');
        });
      } else entry.resume();
    },
  });
  if (refused !== undefined) throw new Error(`${file} is not a backup to restore: it holds ${refused}`);
  if (manifestText === undefined) throw new Error(`${file} is not a Backroom backup: it has no manifest.json`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new Error(`${file} is not a Backroom backup: its manifest.json is not JSON`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new Error(
      `${file} is a backup of format ${String(manifest.format)}; this Backroom restores format ${ARCHIVE_FORMAT}`,
    );
  }
  return manifest;
}

/**
 * Extracts the archive into folder. Call checkArchive first; the filter refuses again, so nothing
 * lands outside folder even if the file changed in between.
 */
export async function extractArchive(file: string, folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  let refused: string | undefined;
  await tar.x({
    file,
    cwd: folder,
    strict: true,
    preservePaths: false,
    filter(entryPath, entry) {
      const type = 'type' in entry ? entry.type : undefined;
      const bad =
        refusedPath(entryPath) ??
        (type !== undefined && type !== 'File' && type !== 'Directory' && type !== 'OldFile' ? 'a link' : undefined);
      if (bad && refused === undefined) refused = `${entryPath} (${bad})`;
      return bad === undefined;
    },
  });
  if (refused !== undefined) throw new Error(`${file} is not a backup to restore: it holds ${refused}`);
}

/** What a folder holds, or [] when it is missing or empty. */
export async function folderEntries(folder: string): Promise<string[]> {
  try {
    return (await fs.readdir(folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Refuses a folder that holds anything, naming what it holds. */
export async function assertEmptyFolder(folder: string, what: string): Promise<void> {
  const entries = await folderEntries(folder);
  if (entries.length === 0) return;
  const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? `, … (${entries.length} in all)` : '');
  throw new Error(
    `${what} ${path.resolve(folder)} is not empty: it holds ${shown}. A restore goes into an empty one only; ` +
      'give another DATA_DIR, or move these away first.',
  );
}

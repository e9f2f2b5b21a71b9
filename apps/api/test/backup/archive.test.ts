import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG15_BIN } from '../../../../scripts/pg15.mjs';
import {
  ARCHIVE_FORMAT,
  checkArchive,
  extractArchive,
  type Manifest,
  refusedPath,
  writeArchive,
} from '../../src/backup/archive';
import { assertDumpReadsServer, createBackup, pgTool, toolMajor, walFileName } from '../../src/backup/backup';
import { restoreBackup } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { createFreshDatabase } from '../helpers/database';

/**
 * The backup file's format and the restore's refusals (docs/decisions/063-backups.md), without a
 * cluster: the whole backup → restore → start round trip is apps/api/test/scale/server-lifecycle.test.ts.
 */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-archive-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const manifest = (database: Manifest['database']): Manifest => ({
  format: ARCHIVE_FORMAT,
  backroom: '0.1.0',
  createdAt: new Date().toISOString(),
  migrations: { applied: 1, lastHash: null },
  database,
  images: { kind: 'files', count: 1 },
  secrets: [],
});

/** A well-formed archive: the manifest, a database part and one image. */
async function archive(name: string, database: Manifest['database']): Promise<string> {
  const folder = path.join(dir, `${name}-src`);
  await fs.mkdir(path.join(folder, 'uploads'), { recursive: true });
  await fs.mkdir(path.join(folder, 'database'), { recursive: true });
  await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest(database)));
  await fs.writeFile(path.join(folder, 'uploads', `${'a'.repeat(32)}.webp`), 'image');
  await fs.writeFile(path.join(folder, 'database', 'backroom.dump'), 'dump');
  const file = path.join(dir, `${name}.tar.gz`);
  await writeArchive(folder, file);
  return file;
}

/** A tar by hand (ustar headers), so it can hold what node-tar would never write: '..', absolute paths, links. */
function rawTar(entries: { name: string; body?: string; type?: '0' | '2' | '5'; link?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, '0')}\0`,
      136,
    );
    header.write('        ', 148);
    header.write(entry.type ?? '0', 156);
    header.write(entry.link ?? '', 157, 100);
    header.write('ustar\0', 257);
    header.write('00', 263);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

async function rawArchive(name: string, entries: Parameters<typeof rawTar>[0]): Promise<string> {
  const file = path.join(dir, `${name}.tar`);
  const ok = {
    name: 'manifest.json',
    body: JSON.stringify(manifest({ kind: 'pg_dump', postgres: '15', pgDump: '15' })),
  };
  await fs.writeFile(file, rawTar([ok, ...entries]));
  return file;
}

describe('the paths inside a backup', () => {
  it('keeps every entry inside the target folder', () => {
    expect(refusedPath('uploads/0123.webp')).toBeUndefined();
    expect(refusedPath('database/cluster/base/1/1259')).toBeUndefined();
    expect(refusedPath('./manifest.json')).toBeUndefined();
    expect(refusedPath('/etc/passwd')).toBe('an absolute path');
    expect(refusedPath('C:/Windows/x')).toBe('an absolute path');
    expect(refusedPath('../outside')).toBe("a '..' step");
    expect(refusedPath('uploads/../../outside')).toBe("a '..' step");
    expect(refusedPath('uploads\\..\\..\\outside')).toBe("a '..' step");
    expect(refusedPath('node_modules/x.js')).toBe('a name a backup does not hold');
  });

  it("refuses an archive holding a '..' path or an absolute one, and extracts nothing outside", async () => {
    const target = path.join(dir, 'target-dots');
    const dots = await rawArchive('dots', [{ name: 'uploads/../../escaped.txt', body: 'out' }]);
    await expect(checkArchive(dots)).rejects.toThrow(
      `${dots} is not a backup to restore: it holds uploads/../../escaped.txt (a '..' step)`,
    );
    await expect(extractArchive(dots, target)).rejects.toThrow("a '..' step");
    expect(existsSync(path.join(dir, 'escaped.txt'))).toBe(false);

    const absolute = await rawArchive('absolute', [{ name: `${dir}/absolute.txt`, body: 'out' }]);
    await expect(checkArchive(absolute)).rejects.toThrow('(an absolute path)');
    await expect(extractArchive(absolute, path.join(dir, 'target-absolute'))).rejects.toThrow('an absolute path');
    expect(existsSync(path.join(dir, 'absolute.txt'))).toBe(false);
  });

  it('refuses links: a symbolic link could point a later file outside', async () => {
    const link = await rawArchive('link', [
      { name: 'uploads/', type: '5' },
      { name: 'uploads/escape', type: '2', link: '/tmp' },
    ]);
    await expect(checkArchive(link)).rejects.toThrow(
      'uploads/escape (a SymbolicLink: only files and folders are restored)',
    );
    const target = path.join(dir, 'target-link');
    await expect(extractArchive(link, target)).rejects.toThrow('a link');
    expect(existsSync(path.join(target, 'uploads', 'escape'))).toBe(false);
  });

  it('refuses a file with no manifest, or of another format', async () => {
    const bare = path.join(dir, 'bare.tar');
    await fs.writeFile(bare, rawTar([{ name: 'uploads/x.webp', body: 'x' }]));
    await expect(checkArchive(bare)).rejects.toThrow('is not a Backroom backup: it has no manifest.json');
    const future = path.join(dir, 'future.tar');
    await fs.writeFile(future, rawTar([{ name: 'manifest.json', body: JSON.stringify({ format: 99 }) }]));
    await expect(checkArchive(future)).rejects.toThrow(
      `a backup of format 99; this Backroom restores format ${ARCHIVE_FORMAT}`,
    );
  });

  it('reads back what it wrote', async () => {
    const file = await archive('good', { kind: 'pg_dump', postgres: '15.18', pgDump: '15.18' });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await checkArchive(file)).database).toEqual({ kind: 'pg_dump', postgres: '15.18', pgDump: '15.18' });
    const target = path.join(dir, 'target-good');
    await extractArchive(file, target);
    expect(await fs.readFile(path.join(target, 'uploads', `${'a'.repeat(32)}.webp`), 'utf8')).toBe('image');
  });
});

describe('restore refuses a target that is not empty', () => {
  it('names what a DATA_DIR holds, and leaves it as it was', async () => {
    const file = await archive('cluster', {
      kind: 'cluster',
      postgres: '18.4',
      startWal: '0'.repeat(24),
      stopLsn: '0/0',
    });
    const dataDir = path.join(dir, 'busy-data');
    await fs.mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'notes.txt'), 'mine');
    await expect(restoreBackup(loadConfig({ DATA_DIR: dataDir }), file)).rejects.toThrow(
      `DATA_DIR ${dataDir} is not empty: it holds notes.txt, uploads. A restore goes into an empty one only`,
    );
    expect((await fs.readdir(dataDir)).sort()).toEqual(['notes.txt', 'uploads']);
  });

  it('names the tables a database at DATABASE_URL holds', async () => {
    const file = await archive('dump', { kind: 'pg_dump', postgres: '15.18', pgDump: '15.18' });
    const url = await createFreshDatabase();
    const config = loadConfig({ DATA_DIR: path.join(dir, 'dump-data'), DATABASE_URL: url });
    await expect(restoreBackup(config, file)).rejects.toThrow(
      /The database at DATABASE_URL \(postgres:\/\/[^)]*\) is not empty: it holds drizzle\.__drizzle_migrations, /,
    );
    expect(existsSync(path.join(dir, 'dump-data'))).toBe(false);
  });

  it("refuses a backup of the other kind: a cluster's files into a server, a newer Backroom's", async () => {
    const cluster = await archive('cluster2', {
      kind: 'cluster',
      postgres: '18.4',
      startWal: '0'.repeat(24),
      stopLsn: '0/0',
    });
    const url = await createFreshDatabase();
    await expect(
      restoreBackup(loadConfig({ DATA_DIR: path.join(dir, 'x'), DATABASE_URL: url }), cluster),
    ).rejects.toThrow(
      "holds the embedded database's files (PostgreSQL 18.4): restore it without DATABASE_URL, into an empty DATA_DIR",
    );
    const folder = path.join(dir, 'newer-src');
    await fs.mkdir(folder);
    await fs.writeFile(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        ...manifest({ kind: 'pg_dump', postgres: '15', pgDump: '15' }),
        migrations: { applied: 9999, lastHash: null },
      }),
    );
    const newer = path.join(dir, 'newer.tar.gz');
    await writeArchive(folder, newer);
    await expect(restoreBackup(loadConfig({ DATA_DIR: path.join(dir, 'y') }), newer)).rejects.toThrow(
      'was made by a newer Backroom (0.1.0, 9999 migrations',
    );
  });
});

describe('backup', () => {
  it("names the WAL file of the backup's end as PostgreSQL does", () => {
    expect(walFileName('00000001', '0/3000328', 16 * 1024 * 1024)).toBe('000000010000000000000003');
    expect(walFileName('00000002', '16/B374D848', 16 * 1024 * 1024)).toBe('0000000200000016000000B3');
    expect(walFileName('00000001', '16/B374D848', 64 * 1024 * 1024)).toBe('00000001000000160000002C');
  });

  it("refuses a pg_dump older than the server's major version, naming the fix", async () => {
    // The real pg_dump 15 (.ci/run installs it); the servers' versions as `show server_version` says them.
    const tool = pgTool(PG15_BIN, 'pg_dump');
    const dump = await toolMajor(tool);
    expect(dump.major).toBe(15);
    expect(() => assertDumpReadsServer(tool, dump, '18.4')).toThrow(
      `${tool} is version ${dump.version}; the database is PostgreSQL 18.4: pg_dump must be of its major version ` +
        'or newer (install postgresql-client-18, or name its folder in BACKUP_PG_BIN)',
    );
    expect(() => assertDumpReadsServer(tool, dump, '16.2 (Debian 16.2-1)')).toThrow('install postgresql-client-16');
    expect(() => assertDumpReadsServer(tool, dump, '15.18 (Debian 15.18-0+deb12u1)')).not.toThrow();
    expect(() => assertDumpReadsServer(tool, dump, '14.12')).not.toThrow();
    await expect(toolMajor(path.join(dir, 'no-such-bin', 'pg_dump'))).rejects.toThrow(
      "was not found: install PostgreSQL's client tools",
    );
  });

  it('never overwrites a file, and refuses a DATA_DIR with no shop', async () => {
    const existing = path.join(dir, 'existing.tar.gz');
    await fs.writeFile(existing, 'keep me');
    await expect(createBackup(loadConfig({ DATA_DIR: dir }), existing)).rejects.toThrow(
      `${existing} exists already: a backup never overwrites a file`,
    );
    expect(await fs.readFile(existing, 'utf8')).toBe('keep me');
    const empty = path.join(dir, 'no-shop');
    await expect(createBackup(loadConfig({ DATA_DIR: empty }), path.join(dir, 'new.tar.gz'))).rejects.toThrow(
      `There is no shop in DATA_DIR ${empty}`,
    );
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, CUSTOMER_PATHS, customerSessionResponseSchema, placeOrderResponseSchema } from '@backroom/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG15_BIN, startPg15 } from '../../../../scripts/pg15.mjs';
import { createBackup } from '../../src/backup/backup';
import { restoreBackup } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { migrateDatabase } from '../../src/db/client';
import { startEmbeddedCluster } from '../../src/db/embedded';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken, baseName } from '../helpers/catalogue';
import { createFreshDatabase } from '../helpers/database';
import { png } from '../helpers/images';

/**
 * The DATABASE_URL backup (docs/decisions/063-backups.md) on a real PostgreSQL 15 server with the
 * real pg_dump 15 (BACKUP_PG_BIN): a shop made through the app, backed up while the app runs, then the
 * dump restored into a fresh database on that server (after the refusal of the shop's own, not
 * empty) and into an empty DATA_DIR (the embedded PostgreSQL 18): every row and the image file
 * come back. The embedded cluster's own backup is apps/api/test/scale/server-lifecycle.test.ts.
 */
let work: string;
let server: Awaited<ReturnType<typeof startPg15>>;

const databaseUrl = (name: string) => {
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
};

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Every table of the app's schemas (and the migration log) as 'table md5-of-the-row', sorted. */
async function fingerprint(url: string): Promise<string[]> {
  const tables = await query<{ name: string }>(
    url,
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    for (const r of await query<{ row: string }>(url, `select md5(t::text) as row from ${name} t`)) {
      rows.push(`${name} ${r.row}`);
    }
  }
  return rows.sort();
}

/** The files of an uploads folder: name → contents. */
async function uploads(folder: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of (await fs.readdir(folder)).sort()) files.set(name, await fs.readFile(path.join(folder, name)));
  return files;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-backup-pg15-'));
  // As root the embedded cluster runs as the postgres user, who must walk into its DATA_DIR.
  await fs.chmod(work, 0o755);
  server = await startPg15();
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(work, { recursive: true, force: true });
});

describe('a backup of a shop on a PostgreSQL 15 server (pg_dump)', () => {
  it('restores into an empty database on the server and into an empty DATA_DIR, every row and image back', async () => {
    // The shop: migrated, then a product with an image, a setting and an order, all through the app.
    await query(server.url, 'create database shop');
    const shopUrl = databaseUrl('shop');
    await migrateDatabase(shopUrl);
    let shop: TestApp | undefined = await createTestApp({ DATABASE_URL: shopUrl });
    try {
      const token = await adminToken(shop);
      const product = await addProduct(
        shop,
        token,
        { name: 'Dumped figure', description: 'Kept by pg_dump', price: '21.50' },
        { image1: await png(72, 72, '#5f3dc4') },
      );
      const imageUrl = product.image[0] as string;
      const imageName = baseName(imageUrl);
      const image = await fs.readFile(path.join(shop.config.uploads.dir, imageName));
      // The image and what the app derived from it (its small size).
      const files = await uploads(shop.config.uploads.dir);
      expect(files.get(imageName)).toEqual(image);
      const settings = await shop.app.inject({
        method: 'PUT',
        url: API_PATHS.settings,
        headers: { token },
        payload: {
          hiddenCategories: ['Dumped'],
          hiddenProductTags: [],
          showSupportInOrders: false,
          lowStockThreshold: 4,
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const customer = await shop.app.inject({
        method: 'POST',
        url: CUSTOMER_PATHS.register,
        payload: { name: 'Dana Dump', email: 'dana@dump.example', password: 'a customer on fifteen' },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const placed = await shop.app.inject({
        method: 'POST',
        url: CUSTOMER_PATHS.orders,
        headers: { token: customerSessionResponseSchema.parse(customer.json()).token },
        payload: {
          items: [{ productId: product._id, quantity: 2 }],
          address: {
            firstName: 'Dana',
            lastName: 'Dump',
            email: 'dana@dump.example',
            phone: '+1 503 555 0115',
            street: '15 Elm Street',
            city: 'Portland',
            state: 'OR',
            zipcode: '97205',
            country: 'USA',
          },
          paymentMethod: 'COD',
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      placeOrderResponseSchema.parse(placed.json());

      const before = await fingerprint(shopUrl);
      const count = (table: string) => before.filter((row) => row.startsWith(`${table} `)).length;
      expect(count('public.products')).toBe(1);
      expect(count('public.orders')).toBe(1);
      expect(count('public.shop_settings')).toBeGreaterThan(0);

      // The backup with DATABASE_URL and pg_dump 15's folder (BACKUP_PG_BIN), beside the running app.
      // In process: the npm script's wiring is run by apps/api/test/scale/server-lifecycle.test.ts.
      const file = path.join(work, 'shop.backup.tar.gz');
      const written = await createBackup(shop.config, file, { pgBin: PG15_BIN });
      expect(written.database).toMatchObject({ kind: 'pg_dump', pgDump: expect.stringMatching(/^15\./) });
      expect(written.images).toEqual({ kind: 'files', count: files.size });
      await shop.close();
      shop = undefined;

      // The shop's own database is not empty: refused, naming what it holds.
      const busyDir = path.join(work, 'busy');
      await expect(
        restoreBackup(loadConfig({ DATA_DIR: busyDir, DATABASE_URL: shopUrl }), file, { pgBin: PG15_BIN }),
      ).rejects.toThrow(/The database at DATABASE_URL \(postgres:\/\/[^)]*\/shop\) is not empty: it holds drizzle\./);
      expect(await fingerprint(shopUrl)).toEqual(before);

      // Into a fresh empty database on the same server, with a new DATA_DIR for the image.
      await query(server.url, 'create database restored');
      const restoredUrl = databaseUrl('restored');
      const restoredDir = path.join(work, 'restored');
      const manifest = await restoreBackup(loadConfig({ DATA_DIR: restoredDir, DATABASE_URL: restoredUrl }), file, {
        pgBin: PG15_BIN,
      });
      expect(manifest).toEqual(written);
      expect(await fingerprint(restoredUrl)).toEqual(before);
      expect(await uploads(path.join(restoredDir, 'uploads'))).toEqual(files);

      // The app started on the restored database and DATA_DIR serves the image.
      const again = await createTestApp({ DATABASE_URL: restoredUrl, DATA_DIR: restoredDir });
      try {
        const served = await again.app.inject({ method: 'GET', url: imageUrl });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(image);
      } finally {
        await again.close();
      }

      // Into an empty DATA_DIR: a new embedded cluster (PostgreSQL 18) loaded with pg_restore 15.
      const embeddedDir = path.join(work, 'embedded');
      await restoreBackup(loadConfig({ DATA_DIR: embeddedDir }), file, { pgBin: PG15_BIN });
      expect(await uploads(path.join(embeddedDir, 'uploads'))).toEqual(files);
      const cluster = await startEmbeddedCluster(embeddedDir);
      try {
        expect(await fingerprint(cluster.url)).toEqual(before);
      } finally {
        await cluster.stop();
      }
    } finally {
      await shop?.close();
    }
  });

  it('refuses a server newer than the pg_dump, naming the fix, and writes no file', async () => {
    // The suite's default server is the embedded PostgreSQL 18; pg_dump 15 cannot dump it.
    const url = await createFreshDatabase();
    const version = (await query<{ server_version: string }>(url, 'show server_version'))[0]?.server_version ?? '';
    const major = Number.parseInt(version, 10);
    expect(major).toBeGreaterThan(15);
    const out = path.join(work, 'newer.backup.tar.gz');
    const dataDir = path.join(work, 'newer');
    const refused = await createBackup(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }), out, {
      pgBin: PG15_BIN,
    }).then(
      () => 'a backup was written',
      (error: Error) => error.message,
    );
    const tool = path.join(PG15_BIN, 'pg_dump');
    expect(refused.startsWith(`${tool} is version 15.`), refused).toBe(true);
    expect(refused).toContain(
      `; the database is PostgreSQL ${version}: pg_dump must be of its major version or newer ` +
        `(install postgresql-client-${major}, or name its folder in BACKUP_PG_BIN)`,
    );
    expect(await fs.readdir(dataDir)).toEqual([]);
    expect(await fs.readdir(work)).not.toContain('newer.backup.tar.gz');
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PATHS,
  CUSTOMER_PATHS,
  customerSessionResponseSchema,
  loginResponseSchema,
  placeOrderResponseSchema,
  productSavedResponseSchema,
  TWO_FACTOR_PATHS,
} from '@backroom/contract';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';
import { productForm } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { freePort, type Watched, watchChild } from '../helpers/processes';
import { storefrontAddress } from '../helpers/storefront';
import { waitUntil } from '../helpers/wait';

/**
 * `npm run backup` of the demo shop while `npm run serve` runs on it and takes writes, then
 * `npm run restore` into a fresh DATA_DIR and `npm run serve` there (docs/decisions/063-backups.md):
 * every order, product, image file, setting, activity entry and two-factor secret acknowledged
 * before the backup began is there, and the admin signs in with the same authenticator.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { email: 'owner@backup.example', password: 'a shop worth keeping' };
let work: string;
const servers: Watched[] = [];

beforeAll(async () => {
  await ensureServerBuilt();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-backup-'));
  await fs.chmod(work, 0o755);
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await fs.rm(work, { recursive: true, force: true });
});

/** An npm script of the root package.json as node arguments (they are all `node …` commands). */
function scriptArguments(name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = (pkg.scripts[name] as string).split(/\s+/);
  if (command !== 'node') throw new Error(`npm run ${name} is no longer a node command`);
  return args;
}

const baseEnv = (dataDir: string) => ({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  // The two-factor key kept in DATA_DIR: the backup must carry it.
  TOTP_ENCRYPTION_KEY: '',
});

/** npm run serve on dataDir; resolves once it says it runs. */
async function serve(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, scriptArguments('serve'), {
    cwd: root,
    env: {
      ...baseEnv(dataDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_DIST: path.join(work, 'no-admin-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child, dataDir);
  servers.push(watched);
  await waitUntil(() => {
    if (child.exitCode !== null) throw new Error(`the server exited: ${watched.output()}`);
    return watched.output().includes('Backroom is running');
  }, 'the server to start');
  return { base: `http://127.0.0.1:${port}`, ...watched };
}

/** npm run backup / npm run restore, to their end: the exit code and what they wrote. */
async function npmRun(name: 'backup' | 'restore', dataDir: string, args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [...scriptArguments(name), ...args], {
    cwd: root,
    env: baseEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, out };
}

interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  form?: FormData;
}

async function ok<T extends z.ZodType>(base: string, url: string, schema: T, options: CallOptions = {}, status = 200) {
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method: options.method ?? (options.body !== undefined || options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${options.method ?? 'call'} ${url}: ${res.status} ${text}`);
  return schema.parse(JSON.parse(text)) as z.infer<T>;
}

const anything = { parse: (v: unknown) => v as Record<string, unknown> } as unknown as z.ZodType<
  Record<string, unknown>
>;
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** The embedded cluster of a running server: its port from postmaster.pid, its password from DATA_DIR. */
async function clusterOf(dataDir: string): Promise<pg.Client> {
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = (pid.split('\n')[3] ?? '').trim();
  const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/backroom`,
  });
  await client.connect();
  return client;
}

const TABLES = ['orders', 'products', 'shop_settings', 'activity_entries', 'admin_two_factor', 'users'] as const;

/** Each table's rows as 'key md5-of-the-row', so a row that came back changed counts as missing. */
async function fingerprint(client: pg.Client): Promise<Record<string, Set<string>>> {
  const rows: Record<string, Set<string>> = {};
  for (const table of TABLES) {
    const found = await client.query<{ row: string }>(`select md5(t::text) as row from ${table} t`);
    rows[table] = new Set(found.rows.map((r) => r.row));
  }
  return rows;
}

async function files(folder: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of await fs.readdir(folder)) sizes.set(name, (await fs.stat(path.join(folder, name))).size);
  return sizes;
}

describe('a backup of the running demo shop', () => {
  it('restores into a fresh DATA_DIR with everything acknowledged before it began', async () => {
    const source = path.join(work, 'shop');
    const shop = await serve(source, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

    // Acknowledged before the backup: two-factor sign-in, a product with an image, a setting, an order.
    const token = (await ok(shop.base, API_PATHS.login, loginResponseSchema, { body: ADMIN })).token as string;
    const setup = await ok(shop.base, TWO_FACTOR_PATHS.setup, anything, { token, body: {} });
    const secret = setup.secret as string;
    await ok(shop.base, TWO_FACTOR_PATHS.enable, anything, { token, body: { code: await codeOf(secret) } });
    const image = await png(80, 80, '#0b7285');
    const form = (name: string) => productForm({ name, description: 'A figure', price: '12.50' }, { image1: image });
    const saved = await ok(shop.base, API_PATHS.productAdd, productSavedResponseSchema, {
      token,
      form: form('Kept figure'),
    });
    await ok(shop.base, API_PATHS.settings, anything, {
      method: 'PUT',
      token,
      body: {
        hiddenCategories: ['Kept secret'],
        hiddenProductTags: [],
        showSupportInOrders: false,
        lowStockThreshold: 7,
      },
    });
    const customer = (
      await ok(
        shop.base,
        CUSTOMER_PATHS.register,
        customerSessionResponseSchema,
        { body: { name: 'Robin Backup', email: storefrontAddress.email, password: 'a customer who orders' } },
        201,
      )
    ).token;
    const order = (productId: string) =>
      ok(
        shop.base,
        CUSTOMER_PATHS.orders,
        placeOrderResponseSchema,
        {
          token: customer,
          body: { items: [{ productId, quantity: 1 }], address: storefrontAddress, paymentMethod: 'COD' },
        },
        201,
      );
    const keptOrder = (await order(saved.product._id)).order;

    const before = await clusterOf(source);
    const acknowledged = await fingerprint(before).finally(() => before.end());
    const acknowledgedFiles = await files(path.join(source, 'uploads'));
    expect(acknowledged.admin_two_factor?.size).toBe(1);

    // Writes go on during the backup: a product with its image and an order for it, again and again.
    let writing = true;
    let writes = 0;
    let writesDuringBackup = 0;
    let backupRunning = false;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const made = await ok(shop.base, API_PATHS.productAdd, productSavedResponseSchema, {
          token,
          form: form(`During ${i}`),
        });
        await order(made.product._id);
        writes += 1;
        if (backupRunning) writesDuringBackup += 1;
      }
    })();
    await waitUntil(() => writes > 0, 'the first write');
    backupRunning = true;
    const file = path.join(work, 'shop.backup.tar.gz');
    const backup = await npmRun('backup', source, ['--out', file]);
    backupRunning = false;
    await waitUntil(() => writesDuringBackup > 0, 'a write during the backup');
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('the shop is running');
    await shop.stop();

    // The restore refuses a folder that is not empty, then fills an empty one.
    const target = path.join(work, 'restored');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'stray.txt'), 'not a shop');
    const refused = await npmRun('restore', target, [file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`DATA_DIR ${target} is not empty: it holds stray.txt`);
    await fs.rm(path.join(target, 'stray.txt'));
    const restored = await npmRun('restore', target, [file]);
    expect(restored.code, restored.out).toBe(0);

    const again = await serve(target);
    const after = await clusterOf(target);
    try {
      const found = await fingerprint(after);
      for (const table of TABLES) {
        const missing = [...(acknowledged[table] as Set<string>)].filter((row) => !found[table]?.has(row));
        expect(missing, `${table}: rows acknowledged before the backup`).toEqual([]);
      }
      // Every image a restored row names has its file, those written during the backup too.
      const named = await after.query<{ name: string }>(
        `select distinct substring(i from '[0-9a-f]{32}') as name from products, jsonb_array_elements_text(images) as i`,
      );
      const restoredFiles = await files(path.join(target, 'uploads'));
      const withoutFile = named.rows.filter((r) => !restoredFiles.has(`${r.name}.webp`)).map((r) => r.name);
      expect(withoutFile).toEqual([]);
      for (const [name, size] of acknowledgedFiles) expect(restoredFiles.get(name), name).toBe(size);
    } finally {
      await after.end();
    }

    // The admin signs in with the same authenticator: the secret and its key came back.
    const challenge = await ok(again.base, API_PATHS.login, anything, { body: ADMIN });
    expect(challenge.next).toBe('twoFactorCode');
    const signedIn = await ok(again.base, TWO_FACTOR_PATHS.loginCode, anything, {
      body: { challenge: challenge.challenge, code: await codeOf(secret) },
    });
    const restoredToken = signedIn.token as string;
    const settings = await ok(again.base, API_PATHS.settings, anything, { token: restoredToken });
    expect(settings.settings).toMatchObject({
      hiddenCategories: ['Kept secret'],
      showSupportInOrders: false,
      lowStockThreshold: 7,
    });
    const url = saved.product.image[0] as string;
    const picture = await fetch(`${again.base}${url}`);
    expect(picture.status).toBe(200);
    expect((await picture.arrayBuffer()).byteLength).toBe(acknowledgedFiles.get(path.basename(url)));
    // The customer's first order is the oldest: on the last page of their list.
    const first = await ok(again.base, CUSTOMER_PATHS.orders, anything, { token: customer });
    const lastPage = Math.ceil(Number(first.total) / Number(first.pageSize));
    const oldest = await ok(again.base, `${CUSTOMER_PATHS.orders}?page=${lastPage}`, anything, { token: customer });
    expect((oldest.orders as { _id: string }[]).map((o) => o._id)).toContain(keptOrder._id);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PATHS,
  type Bundle,
  CUSTOMER_PATHS,
  customerSessionResponseSchema,
  type Discount,
  loginResponseSchema,
  type Product,
  placeOrderResponseSchema,
  productSavedResponseSchema,
  TWO_FACTOR,
  TWO_FACTOR_PATHS,
} from '@backroom/contract';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';
import { SOCKET_PATH_MAX, socketDirFor } from '../../src/db/embedded';
import { productForm } from '../helpers/catalogue';
import { expectDemoPromotions, expectWholeCatalogue } from '../helpers/demo-catalogue';
import { runExamples, shellExamples } from '../helpers/doc-examples';
import { png } from '../helpers/images';
import { freePort } from '../helpers/processes';
import { storefrontAddress } from '../helpers/storefront';
import { waitUntil } from '../helpers/wait';

/**
 * The real server process on the embedded database, as `npm run serve` runs it, through one shop's
 * whole life (docs/decisions/041-test-tiers.md). A first start makes the demo shop, which is most
 * of a start's cost, so one shop serves every step: the first start, a second app on the same
 * folder, a crash and the restart, `npm run backup` while the shop takes writes, a clean stop,
 * `npm run restore` into a fresh DATA_DIR and a start there (docs/decisions/063-backups.md), and
 * the demo reset. docs/customer-api.md's examples run as written against that first shop too
 * (issue 21): the demo shop `npm start` makes is what the doc says they run against. The tests run
 * in order, each on the state the one before left.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const CUSTOMER_API_DOC = path.join(root, 'docs/customer-api.md');
let work: string;
/** The shop's DATA_DIR, and the port it always listens on. */
let source: string;
let port: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The built server, as npm run serve runs it (built here when missing or older than its sources).
  await ensureServerBuilt();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-life-'));
  // The embedded PostgreSQL runs as the postgres user when we are root: it must enter the folder.
  await fs.chmod(work, 0o755);
  source = path.join(work, 'shop');
  port = await freePort();
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  // A server killed outright leaves its PostgreSQL running.
  for (const dataDir of await fs.readdir(work).catch(() => [])) {
    const pid = await postmasterPid(path.join(work, dataDir));
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  }
  await fs.rm(work, { recursive: true, force: true });
});

/**
 * An npm script of the root package.json as node arguments: its last `node …` command. Those that
 * build first (`node scripts/build-server.mjs --if-stale && node …`, backup and restore) find the
 * build beforeAll made.
 */
function scriptArguments(name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const last = (pkg.scripts[name] as string).split('&&').at(-1) as string;
  const [command, ...args] = last.trim().split(/\s+/);
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

/** A node process (an npm script's arguments) on dataDir: what it wrote, and its exit. */
function run(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...baseEnv(dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** npm run serve on dataDir; resolves once it says it runs. */
async function serve(dataDir: string, listenOn = port) {
  const server = run(scriptArguments('serve'), dataDir, {
    PORT: String(listenOn),
    ADMIN_DIST: path.join(work, 'no-admin-build'),
  });
  await waitUntil(() => {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    return server.output().includes('Backroom is running');
  }, 'the server to start');
  return { ...server, base: `http://127.0.0.1:${listenOn}` };
}

/** npm run backup / npm run restore, to their end: the exit code and what they wrote. */
async function npmRun(name: 'backup' | 'restore', dataDir: string, args: string[]) {
  const done = run([...scriptArguments(name), ...args], dataDir);
  const code = await done.exited;
  return { code, out: done.output() };
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) ? pid : undefined;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A session on the embedded cluster of a running server, its port from postmaster.pid and its
 * password from DATA_DIR: over TCP on 127.0.0.1, or through the socket in the folder given.
 */
async function clusterOf(dataDir: string, socketDir?: string): Promise<pg.Client> {
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const client = new pg.Client({
    host: socketDir ?? '127.0.0.1',
    port: Number((pid.split('\n')[3] ?? '').trim()),
    user: 'postgres',
    password: (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim(),
    database: 'backroom',
  });
  await client.connect();
  return client;
}

/** The client addresses of the app's sessions (every client backend but the asking one): null for a Unix socket. */
async function appConnections(client: pg.Client): Promise<(string | null)[]> {
  const found = await client.query<{ client_addr: string | null }>(
    `select client_addr from pg_stat_activity
      where backend_type = 'client backend' and datname = 'backroom' and pid <> pg_backend_pid()`,
  );
  return found.rows.map((r) => r.client_addr);
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
/** The authenticator's code `steps` periods from now (the server takes one step either side). */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TWO_FACTOR.periodSeconds });

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

/** What one step leaves the next. */
let shop: Awaited<ReturnType<typeof serve>>;
let admin: { email: string; password: string };
const kept = {} as {
  secret: string;
  customer: string;
  orderId: string;
  imageUrl: string;
  file: string;
  rows: Record<string, Set<string>>;
  files: Map<string, number>;
};

describe('the server process', () => {
  it('starts on a new folder with a demo shop, prints the address and the admin login, and reaches its database through DATA_DIR/postgres-socket', async () => {
    shop = await serve(source);
    const out = shop.output();
    expect(out).toContain(`http://localhost:${port}`);
    expect(out).toContain('admin@example.com');
    admin = { email: 'admin@example.com', password: /Password:\s+(\S+)/.exec(out)?.[1] as string };
    const { token } = await ok(shop.base, API_PATHS.login, loginResponseSchema, { body: admin });
    const unread = await ok(shop.base, API_PATHS.unread, anything, { token: token as string });
    expect(unread.unread).toBeGreaterThan(0);

    // The app's sessions come through the Unix socket in DATA_DIR (decision 057), none over TCP.
    const socketDir = path.join(source, 'postgres-socket');
    expect(socketDirFor(source, port)).toBe(socketDir);
    const cluster = await clusterOf(source, socketDir);
    try {
      const server = await cluster.query<{ addr: string | null }>('select inet_server_addr() as addr');
      expect(server.rows[0]?.addr).toBeNull();
      const app = await appConnections(cluster);
      expect(app.length).toBeGreaterThan(0);
      expect(app.filter((addr) => addr !== null)).toEqual([]);
    } finally {
      await cluster.end();
    }
  });

  it('made the whole demo catalogue: 120 products drawn, in every category, with their codes and bundles', async () => {
    // Read from the running shop as the admin and the storefront see it (helpers/demo-catalogue.ts):
    // scale/demo-catalogue.test.ts no longer draws the 120 products a second time.
    const { token } = await ok(shop.base, API_PATHS.login, loginResponseSchema, { body: admin });
    const call = <T>(url: string, asToken = token as string) =>
      ok(shop.base, url, anything, { token: asToken }) as unknown as Promise<T>;
    const { products } = await call<{ products: Product[] }>(API_PATHS.productList);
    const files = new Set((await fs.readdir(path.join(source, 'uploads'))).filter((n) => !n.startsWith('.')));
    expectWholeCatalogue(products, files);
    const served = await fetch(`${shop.base}${products[0]?.image[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const { discounts: codes } = await call<{ discounts: Discount[] }>(API_PATHS.discountList);
    const { bundles } = await call<{ bundles: Bundle[] }>(API_PATHS.bundleList);
    const cluster = await clusterOf(source);
    const used = await cluster
      .query<{ code: string; n: number }>('select code, count(*)::int as n from discount_redemptions group by code')
      .finally(() => cluster.end());
    const customer = await ok(
      shop.base,
      CUSTOMER_PATHS.register,
      customerSessionResponseSchema,
      { body: { name: 'Casey Catalogue', email: 'casey.catalogue@example.com', password: 'a customer who looks' } },
      201,
    );
    const onSale = await call<{ bundles: { _id: string }[] }>(CUSTOMER_PATHS.bundles, customer.token);
    expectDemoPromotions({
      codes,
      redemptions: new Map(used.rows.map((r) => [r.code, r.n])),
      bundles,
      onSale: onSale.bundles.map((b) => b._id),
      files,
    });
    const image = await fetch(`${shop.base}${bundles[0]?.images[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('refuses a second app on the same folder, and once killed outright the next start stops its PostgreSQL first', async () => {
    const second = run(scriptArguments('serve'), source, { PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already running on/);
    expect((await fetch(`${shop.base}${API_PATHS.health}`)).status).toBe(200);

    const leftover = await postmasterPid(source);
    shop.child.kill('SIGKILL');
    await shop.exited;
    expect(leftover && alive(leftover)).toBe(true);
    shop = await serve(source);
    expect(leftover && alive(leftover)).toBe(false);
    expect(shop.output()).toContain(admin.password);
    expect((await fetch(`${shop.base}${API_PATHS.health}`)).status).toBe(200);
  });
});

describe('docs/customer-api.md', () => {
  it('runs every example as written against the running demo shop, each answering success', async () => {
    const examples = shellExamples(await fs.readFile(CUSTOMER_API_DOC, 'utf8'));
    expect(examples.length).toBeGreaterThan(15);
    // The examples run from a folder whose data/ is the shop's DATA_DIR (they read its first admin's
    // login there: the shop was started without ADMIN_EMAIL and ADMIN_PASSWORD).
    const cwd = path.join(work, 'customer-api-doc');
    await fs.mkdir(cwd);
    await fs.symlink(source, path.join(cwd, 'data'));
    const result = await runExamples(examples, { cwd, base: shop.base });
    expect(result).not.toHaveProperty('failed');
    const runs = 'runs' in result ? result.runs : [];
    expect(runs).toHaveLength(examples.length);
    for (const { example, replies, vars } of runs) {
      const seen = JSON.stringify({ example: example.code, replies, vars });
      // Every example answers something or keeps something for the next ones.
      expect(replies.length + example.sets.length, seen).toBeGreaterThan(0);
      for (const reply of replies) expect(reply, seen).toMatchObject({ success: true });
      for (const name of example.sets) expect(vars[name], seen).toMatch(/^(?!null$)\S+/);
      example.documented.forEach((message, n) => {
        expect(replies[n], seen).toMatchObject({ message });
      });
    }
  });
});

describe('a backup of the running demo shop', () => {
  it('is taken while the shop takes writes', async () => {
    // Acknowledged before the backup: two-factor sign-in, a product with an image, a setting, an order.
    const token = (await ok(shop.base, API_PATHS.login, loginResponseSchema, { body: admin })).token as string;
    const setup = await ok(shop.base, TWO_FACTOR_PATHS.setup, anything, { token, body: {} });
    kept.secret = setup.secret as string;
    await ok(shop.base, TWO_FACTOR_PATHS.enable, anything, { token, body: { code: await codeOf(kept.secret) } });
    const image = await png(80, 80, '#0b7285');
    const form = (name: string) => productForm({ name, description: 'A figure', price: '12.50' }, { image1: image });
    const saved = await ok(shop.base, API_PATHS.productAdd, productSavedResponseSchema, {
      token,
      form: form('Kept figure'),
    });
    kept.imageUrl = saved.product.image[0] as string;
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
    kept.customer = (
      await ok(
        shop.base,
        CUSTOMER_PATHS.register,
        customerSessionResponseSchema,
        // Not the address's e-mail: docs/customer-api.md's examples registered that one.
        { body: { name: 'Robin Backup', email: 'robin.backup@example.com', password: 'a customer who orders' } },
        201,
      )
    ).token;
    const order = (productId: string) =>
      ok(
        shop.base,
        CUSTOMER_PATHS.orders,
        placeOrderResponseSchema,
        {
          token: kept.customer,
          body: { items: [{ productId, quantity: 1 }], address: storefrontAddress, paymentMethod: 'COD' },
        },
        201,
      );
    kept.orderId = (await order(saved.product._id)).order._id;

    const before = await clusterOf(source);
    kept.rows = await fingerprint(before).finally(() => before.end());
    kept.files = await files(path.join(source, 'uploads'));
    expect(kept.rows.admin_two_factor?.size).toBe(1);

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
    kept.file = path.join(work, 'shop.backup.tar.gz');
    const backup = await npmRun('backup', source, ['--out', kept.file]);
    backupRunning = false;
    await waitUntil(() => writesDuringBackup > 0, 'a write during the backup');
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('the shop is running');
  });

  it('SIGTERM: the server stops cleanly, its PostgreSQL too', async () => {
    const running = await postmasterPid(source);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(running && alive(running)).toBe(false);
    expect(existsSync(path.join(source, 'backroom.lock'))).toBe(false);
    expect(existsSync(path.join(source, 'postgres-socket'))).toBe(false);
  });

  it('restores into a fresh DATA_DIR with everything acknowledged before it began', async () => {
    // A DATA_DIR too long for the socket's path (even on a one-digit port): its cluster is reached over TCP.
    const target = path.join(work, `restored-${'r'.repeat(SOCKET_PATH_MAX)}`);
    expect(socketDirFor(target, 1)).toBeUndefined();

    // The restore refuses a folder that is not empty, then fills an empty one.
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'stray.txt'), 'not a shop');
    const refused = await npmRun('restore', target, [kept.file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`DATA_DIR ${target} is not empty: it holds stray.txt`);
    await fs.rm(path.join(target, 'stray.txt'));
    const restored = await npmRun('restore', target, [kept.file]);
    expect(restored.code, restored.out).toBe(0);

    const again = await serve(target, await freePort());
    expect(existsSync(path.join(target, 'postgres-socket'))).toBe(false);
    const after = await clusterOf(target);
    try {
      const app = await appConnections(after);
      expect(app.length).toBeGreaterThan(0);
      expect(app.filter((addr) => addr !== '127.0.0.1')).toEqual([]);

      const found = await fingerprint(after);
      for (const table of TABLES) {
        const missing = [...(kept.rows[table] as Set<string>)].filter((row) => !found[table]?.has(row));
        expect(missing, `${table}: rows acknowledged before the backup`).toEqual([]);
      }
      // Every image a restored row names has its file, those written during the backup too.
      const named = await after.query<{ name: string }>(
        `select distinct substring(i from '[0-9a-f]{32}') as name from products, jsonb_array_elements_text(images) as i`,
      );
      const restoredFiles = await files(path.join(target, 'uploads'));
      const withoutFile = named.rows.filter((r) => !restoredFiles.has(`${r.name}.webp`)).map((r) => r.name);
      expect(withoutFile).toEqual([]);
      for (const [name, size] of kept.files) expect(restoredFiles.get(name), name).toBe(size);
    } finally {
      await after.end();
    }

    // The admin signs in with the same authenticator: the secret and its key came back.
    const challenge = await ok(again.base, API_PATHS.login, anything, { body: admin });
    expect(challenge.next).toBe('twoFactorCode');
    const signedIn = await ok(again.base, TWO_FACTOR_PATHS.loginCode, anything, {
      // The next step's code: the restored database remembers the step the enabling used (a code is
      // good once), and this sign-in can fall within that same 30 s step.
      body: { challenge: challenge.challenge, code: await codeOf(kept.secret, 1) },
    });
    const restoredToken = signedIn.token as string;
    const settings = await ok(again.base, API_PATHS.settings, anything, { token: restoredToken });
    expect(settings.settings).toMatchObject({
      hiddenCategories: ['Kept secret'],
      showSupportInOrders: false,
      lowStockThreshold: 7,
    });
    const picture = await fetch(`${again.base}${kept.imageUrl}`);
    expect(picture.status).toBe(200);
    expect((await picture.arrayBuffer()).byteLength).toBe(kept.files.get(path.basename(kept.imageUrl)));
    // The customer's first order is the oldest: on the last page of their list.
    const first = await ok(again.base, CUSTOMER_PATHS.orders, anything, { token: kept.customer });
    const lastPage = Math.ceil(Number(first.total) / Number(first.pageSize));
    const oldest = await ok(again.base, `${CUSTOMER_PATHS.orders}?page=${lastPage}`, anything, {
      token: kept.customer,
    });
    expect((oldest.orders as { _id: string }[]).map((o) => o._id)).toContain(kept.orderId);
  });
});

describe('the demo', () => {
  it('rebuilds the demo shop with npm run demo -- --reset', async () => {
    // A catalogue of 12 products: the reset is the point here (the first start drew all 120, and
    // scale/demo-catalogue.test.ts checks them), and each product's images cost a drawing.
    const demo = run(['--enable-source-maps', 'apps/api/dist/demo.js', '--reset', '--products', '12'], source);
    expect(await demo.exited).toBe(0);
    expect(demo.output()).toMatch(/Demo shop rebuilt: \{"customers":60,"admins":2/);
  });
});

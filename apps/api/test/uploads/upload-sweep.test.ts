import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { API_PATHS } from '@backroom/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundles, emailCampaigns, products } from '../../src/db/schema';
import { HOUR_MS, startUploadSweeps, sweepUploads } from '../../src/modules/uploads/sweep';
import type { ImageStorage } from '../../src/storage/image-storage';
import { mailImageName, newImageName, thumbName } from '../../src/storage/names';
import { createS3Storage } from '../../src/storage/s3-storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken, baseName, minimalFields } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { insertOrder } from '../helpers/orders';
import { createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * The upload sweep (docs/decisions/021-upload-sweep.md) on the local folder and on a real S3
 * server (s3rver): an old file nothing names is deleted; a young one, a file a product, an
 * accessory, an order, a bundle or a campaign names, and anything that is not one of our image
 * names are kept.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** Starts s3rver on a free port with the bucket, prints the port. */
const S3RVER_SCRIPT = `
import S3rver from 's3rver';
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.stdout.write(String(port));
`;

const WEBP = Buffer.from('RIFF....WEBPVP8 not really an image, the sweep never reads it');
const withThumb = (name: string) => [name, thumbName(name)];

/**
 * A product as the add call leaves it, written straight into the database: two images (the second
 * tied to a colour) and an accessory with one, each file with its thumbnail in the storage.
 * Answers the files it holds.
 */
async function productWithImages(t: TestApp, storage: ImageStorage): Promise<string[]> {
  const [first, second, accessory] = [newImageName(), newImageName(), newImageName()] as [string, string, string];
  const held = [first, second, accessory].flatMap(withThumb);
  await putAll(storage, held);
  await t.database.db.insert(products).values({
    name: 'Swept Figure',
    priceCents: 1999,
    images: [first, second],
    colorVariants: [{ color: 'Red', image: second, stock: 1, outOfStock: false }],
    hasAccessory: true,
    accessories: [
      {
        name: 'Stand',
        description: '',
        priceCents: 100,
        images: [accessory],
        outOfStock: false,
        preOrder: false,
        notAvailableYet: false,
        comingSoon: false,
        isNew: false,
        limitedEdition: false,
      },
    ],
  });
  return held;
}

async function putAll(storage: ImageStorage, names: readonly string[]) {
  for (const name of names) await storage.put(name, WEBP);
}

/** A campaign showing the product, sent to a new customer (to the outbox); answers a reader of its detail once sent. */
async function sentCampaign(t: TestApp, token: string, productId: string) {
  const customer = await createUser(t.database.db);
  const sent = await t.app.inject({
    method: 'POST',
    url: API_PATHS.sendNewsletter,
    headers: { token },
    payload: {
      recipients: [customer.id],
      subject: 'A mug for you',
      message: 'Look',
      notificationType: 'newProduct',
      productsData: [{ _id: productId }],
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const detail = async () =>
    (
      await t.app.inject({ method: 'GET', url: `${API_PATHS.campaigns}/${sent.json().campaignId}`, headers: { token } })
    ).json().campaign as { status: string; html: string };
  await waitUntil(async () => (await detail()).status === 'done', 'the campaign to be sent');
  return detail;
}

describe('the upload sweep on the local folder', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = t.config.uploads.dir;
  });
  afterAll(() => t.close());

  const files = async () => (await fs.readdir(dir)).sort();
  /** Dates every file in the folder (and the given others) two hours back. */
  const ageAll = async (others: string[] = []) => {
    const past = new Date(Date.now() - 2 * HOUR_MS);
    for (const name of await fs.readdir(dir)) await fs.utimes(path.join(dir, name), past, past);
    for (const file of others) await fs.utimes(file, past, past);
  };
  const sweep = () => sweepUploads({ databaseUrl: t.database.url, storage: t.app.ctx.storage });

  it('deletes old files nothing names, and keeps young ones, named ones and foreign ones', async () => {
    const kept = await productWithImages(t, t.app.ctx.storage);

    const orphan = newImageName();
    const youngOrphan = newImageName();
    const ordered = newImageName();
    await putAll(t.app.ctx.storage, [...withThumb(orphan), ...withThumb(ordered)]);
    // The storefront keeps an order item's image as a URL: the order still shows it.
    await insertOrder(t.database.db, {
      items: [{ name: 'Gone figure', image: `https://shop.example/uploads/${ordered}?v=1` }],
    });
    // Not ours: other names in the folder, a sub-folder, and an image name outside the folder.
    const foreign = ['notes.txt', `${'A'.repeat(32)}.webp`, `${orphan}.bak`];
    for (const name of foreign) await fs.writeFile(path.join(dir, name), 'keep me');
    await fs.mkdir(path.join(dir, 'sub'));
    await fs.writeFile(path.join(dir, 'sub', newImageName()), 'keep me');
    const outside = path.join(t.config.dataDir, newImageName());
    await fs.writeFile(outside, 'keep me');
    // What a write killed between its temporary file and the rename leaves.
    const leftover = '.0123456789abcdef.tmp';
    await fs.writeFile(path.join(dir, leftover), 'half a picture');

    // Everything is young: nothing goes.
    const before = await files();
    const young = await sweep();
    expect(young).toMatchObject({ swept: true, removed: 0 });
    expect(young.listed).toBe(kept.length + 4);
    expect(await files()).toEqual(before);

    await ageAll([outside]);
    await putAll(t.app.ctx.storage, withThumb(youngOrphan));
    const result = await sweep();
    expect(result).toEqual({ swept: true, listed: kept.length + 6, old: kept.length + 4, removed: 3 });
    expect(await files()).toEqual(
      [...kept, ...withThumb(ordered), ...withThumb(youngOrphan), ...foreign, 'sub'].sort(),
    );
    await expect(fs.readFile(outside, 'utf8')).resolves.toBe('keep me');
    // The product's images are still served.
    for (const name of kept) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(200);
    }
    await t.app.ctx.storage.remove(withThumb(youngOrphan));
  });

  it('skips its turn while another instance sweeps', async () => {
    const orphan = newImageName();
    await putAll(t.app.ctx.storage, [orphan]);
    await ageAll();
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(727274002)');
      expect(await sweep()).toEqual({ swept: false, listed: 0, old: 0, removed: 0 });
      expect(await files()).toContain(orphan);
    } finally {
      await other.end();
    }
    expect(await sweep()).toMatchObject({ swept: true, removed: 1 });
    expect(await files()).not.toContain(orphan);
  });

  it('sweeps as soon as it is started, then on its timer until stopped', async () => {
    const orphan = newImageName();
    await putAll(t.app.ctx.storage, [orphan]);
    await ageAll();
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) };
    const sweeps = startUploadSweeps({ databaseUrl: t.database.url, storage: t.app.ctx.storage, log: log as never });
    await sweeps.settled();
    expect(await files()).not.toContain(orphan);
    expect(logged).toEqual([
      [{ uploadSweep: expect.objectContaining({ swept: true, removed: 1 }) }, 'upload sweep done'],
    ]);
    await sweeps.stop();
  });

  it("keeps a bundle's images and their thumbnails", async () => {
    const [image, orphan] = [newImageName(), newImageName()];
    await putAll(t.app.ctx.storage, [...withThumb(image), ...withThumb(orphan)]);
    await t.database.db.insert(bundles).values({
      title: 'Swept Bundle',
      priceCents: 999,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      images: [image],
    });
    await ageAll();
    expect(await sweep()).toMatchObject({ swept: true, removed: 2 });
    const left = await files();
    expect(left).toEqual(expect.arrayContaining(withThumb(image)));
    expect(left).not.toContain(orphan);
  });
  it("keeps a campaign's pictures: its e-mail renditions, and the product images older campaigns name", async () => {
    const [older, rendered, orphan] = [newImageName(), newImageName(), newImageName()];
    const held = [...withThumb(older), ...withThumb(rendered), mailImageName(rendered)];
    await putAll(t.app.ctx.storage, [...held, ...withThumb(orphan)]);
    const product = { priceCents: 100, discount: 0, category: '', subCategory: '' };
    await t.database.db.insert(emailCampaigns).values({
      notificationType: 'newProduct',
      subject: 'Swept campaign',
      message: 'Hello',
      audience: 'selected',
      products: [
        { ...product, _id: '0123456789abcdef01234567', name: 'Older', image: `https://shop.example/uploads/${older}` },
        { ...product, _id: '0123456789abcdef01234568', name: 'Rendered', image: `/uploads/${mailImageName(rendered)}` },
        { ...product, _id: '0123456789abcdef01234569', name: 'No picture', image: null },
      ],
    });
    await ageAll();
    expect(await sweep()).toMatchObject({ swept: true, removed: 2 });
    const left = await files();
    expect(left).toEqual(expect.arrayContaining(held));
    expect(left).not.toContain(orphan);
  });

  it("keeps a sent campaign's picture after its product is deleted and the sweep ran: the preview still shows it", async () => {
    const token = await adminToken(t);
    const product = await addProduct(
      t,
      token,
      { ...minimalFields, name: 'Pictured Mug' },
      { image1: await png(600, 400) },
    );
    const detail = await sentCampaign(t, token, product._id);

    const removed = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productRemove,
      headers: { token },
      payload: { id: product._id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await ageAll();
    expect(await sweep()).toMatchObject({ swept: true });

    const src = (await detail()).html.match(/<img src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}-mail\.jpg$/);
    const picture = await t.app.inject({ method: 'GET', url: src as string });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });
});

describe('the upload sweep on an S3-compatible bucket', () => {
  const BUCKET = 'backroom-sweep';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let s3dir: string;
  let server: ChildProcess;
  let t: TestApp;
  let client: S3Client;
  let storage: ImageStorage;

  beforeAll(async () => {
    s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-s3-'));
    // s3rver makes ListObjectsV2's continuation tokens with DES, which Node's OpenSSL 3 offers only
    // with its legacy provider: the server runs in a child process that has it, so the listing
    // really goes page by page.
    server = spawn(
      process.execPath,
      ['--openssl-legacy-provider', '--input-type=module', '-e', S3RVER_SCRIPT, s3dir, BUCKET],
      { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const endpoint = `http://127.0.0.1:${Number(line.toString())}`;
    t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    // Two keys a page, so that the listing goes through its pages.
    storage = createS3Storage(t.config.s3 as NonNullable<typeof t.config.s3>, { listPageSize: 2 });
  });
  afterAll(async () => {
    await t.close();
    client.destroy();
    server.kill();
    await fs.rm(s3dir, { recursive: true, force: true });
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
      .map((o) => o.Key as string)
      .sort();
  const sweep = (now?: Date) => sweepUploads({ databaseUrl: t.database.url, storage, now });

  it('deletes old objects nothing names, and keeps young ones, named ones and foreign keys', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const kept = await productWithImages(t, storage);
    const orphan = newImageName();
    const ordered = newImageName();
    await putAll(storage, [...withThumb(orphan), ...withThumb(ordered)]);
    await insertOrder(t.database.db, { items: [{ name: 'Gone figure', image: ordered }] });
    const foreign = ['readme.txt', `other/${newImageName()}`, `${orphan}.bak`];
    for (const key of foreign) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'keep me' }));
    const all = await keys();

    // Written just now: young, whatever names them.
    expect(await sweep()).toEqual({ swept: true, listed: kept.length + 4, old: 0, removed: 0 });
    expect(await keys()).toEqual(all);

    // Two hours on, the orphan and its thumbnail are old and named by nothing.
    const later = new Date(Date.now() + 2 * HOUR_MS);
    expect(await sweep(later)).toEqual({ swept: true, listed: kept.length + 4, old: kept.length + 4, removed: 2 });
    expect(await keys()).toEqual([...kept, ...withThumb(ordered), ...foreign].sort());
    for (const name of kept) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(200);
    }
  });

  it("keeps a campaign picture's e-mail rendition in the bucket as a JPEG", async () => {
    const token = await adminToken(t);
    const product = await addProduct(
      t,
      token,
      { ...minimalFields, name: 'Bucket Mug' },
      { image1: await png(600, 400) },
    );
    await sentCampaign(t, token, product._id);
    const rendition = mailImageName(baseName(product.image[0] as string));
    const stored = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: rendition }));
    expect(stored.ContentType).toBe('image/jpeg');
    await sweep(new Date(Date.now() + 2 * HOUR_MS));
    expect(await keys()).toContain(rendition);
    const picture = await t.app.inject({ method: 'GET', url: `/uploads/${rendition}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });
});

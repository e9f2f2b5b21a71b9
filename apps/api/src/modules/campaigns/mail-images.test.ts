import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local-storage';
import { imageUrl, mailImageName, newImageName, thumbName } from '../../storage/names';
import { MAIL_IMAGE_SIZE, mailRendition, withMailImages } from './mail-images';

/** A half-transparent red picture as WebP, the way the catalogue stores images. */
const translucent = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } })
    .webp()
    .toBuffer();

describe('mailRendition', () => {
  it('makes a JPEG at most MAIL_IMAGE_SIZE px a side, transparency on white', async () => {
    const jpeg = await mailRendition(await translucent(800, 400));
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MAIL_IMAGE_SIZE, height: MAIL_IMAGE_SIZE / 2 });
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  it('never enlarges a small picture', async () => {
    expect(await sharp(await mailRendition(await translucent(100, 50))).metadata()).toMatchObject({
      width: 100,
      height: 50,
    });
  });
});

describe('withMailImages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-mail-images-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const product = (id: string, image: string | null) => ({
    _id: id,
    name: `Product ${id}`,
    image,
    priceCents: 100,
    discount: 0,
    category: '',
    subCategory: '',
  });

  it('points each picture at its stored JPEG rendition, and leaves out one whose file is gone', async () => {
    const storage = createLocalStorage(dir);
    const [kept, gone] = [newImageName(), newImageName()];
    await storage.put(kept, await translucent(1600, 1200));
    await storage.put(thumbName(kept), await translucent(320, 240));
    const products = await withMailImages(storage, [
      product('a', imageUrl(kept)),
      product('b', imageUrl(kept)),
      product('c', imageUrl(gone)),
      product('d', null),
    ]);
    expect(products.map((p) => p.image)).toEqual([
      imageUrl(mailImageName(kept)),
      imageUrl(mailImageName(kept)),
      null,
      null,
    ]);
    expect((await fs.readdir(dir)).sort()).toEqual([kept, thumbName(kept), mailImageName(kept)].sort());
    const stored = await fs.readFile(path.join(dir, mailImageName(kept)));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 180 });
  });
});

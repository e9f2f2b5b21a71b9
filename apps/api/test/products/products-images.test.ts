import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS } from '@backroom/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import {
  addProduct,
  addProductCall,
  adminProduct,
  baseName,
  catalogueApp,
  minimalFields,
  updateProductCall,
  uploadedFiles,
} from '../helpers/catalogue';
import {
  animatedGif,
  avif,
  gif,
  jpeg,
  pixelFloodPng,
  png,
  pngOfSize,
  svgWithScript,
  textFile,
  webp,
} from '../helpers/images';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await catalogueApp());
});
afterAll(() => t.close());

const fetchUpload = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const getProduct = (id: string) => adminProduct(t, token, id);
const NOT_AN_IMAGE = 'image1: must be a JPEG, PNG, WebP, GIF or AVIF image';

describe('images are accepted by their content', () => {
  it('takes JPEG, PNG, WebP, GIF and AVIF, and stores each as WebP with a thumbnail', async () => {
    const p = await addProduct(t, token, minimalFields, {
      image1: await jpeg(),
      image2: await png(),
      image3: await webp(),
      image4: await gif(),
      image5: await avif(),
    });
    expect(p.image).toHaveLength(5);
    for (const [i, url] of p.image.entries()) {
      const res = await fetchUpload(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
      const thumb = await fetchUpload(p.thumbnails[i] as string);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('keeps an animated GIF animated', async () => {
    const p = await addProduct(t, token, minimalFields, { image1: await animatedGif() });
    const meta = await sharp((await fetchUpload(p.image[0] as string)).rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 3, 40, 30]);
  });

  it('re-encodes: at most 1600 px a side, thumbnails at most 320 px, metadata dropped', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#123456' } })
      .withExif({ IFD0: { Artist: 'Someone Private' } })
      .jpeg()
      .toBuffer();
    const p = await addProduct(t, token, minimalFields, { image1: big });
    const full = await sharp((await fetchUpload(p.image[0] as string)).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    expect(full.exif).toBeUndefined();
    const thumb = await sharp((await fetchUpload(p.thumbnails[0] as string)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 160]);
  });

  it('refuses an SVG with a script, and a text file named .png, whatever their declared type', async () => {
    const before = await uploadedFiles(t);
    for (const data of [svgWithScript, textFile, Buffer.from('GIF89a')]) {
      const res = await addProductCall(t, token, minimalFields, { image1: data });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: NOT_AN_IMAGE });
    }
    // A TIFF is an image, but not one of ours.
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await addProductCall(t, token, minimalFields, { image1: tiff })).json().message).toBe(NOT_AN_IMAGE);
    // PNG bytes after a JPEG's first bytes: the content does not match what it claims to be.
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await png()]);
    expect((await addProductCall(t, token, minimalFields, { image1: forged })).statusCode).toBe(400);
    expect(await uploadedFiles(t)).toEqual(before);
  });

  it('refuses a 9 MB image with 413, naming the field', async () => {
    const nine = await pngOfSize(9 * 1024 * 1024);
    expect(nine.length).toBeGreaterThan(9 * 1024 * 1024);
    const res = await addProductCall(t, token, minimalFields, { image2: nine });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'image2: must be at most 8 MB' });
  });

  it('refuses a 20000x20000 pixel flood from its header, without the memory blowing up', async () => {
    const flood = await pixelFloodPng(20_000);
    expect(flood.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await addProductCall(t, token, minimalFields, { image1: flood });
    const grown = process.memoryUsage().rss - before;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('image1: has too many pixels (20000x20000; at most 50 megapixels)');
    // Decoding it would take 400 MB at least.
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });

  it('takes its size limit from UPLOAD_MAX_BYTES', async () => {
    const { t: small, token: smallToken } = await catalogueApp({ UPLOAD_MAX_BYTES: '50000' });
    try {
      const res = await addProductCall(small, smallToken, minimalFields, { image1: await pngOfSize(60_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('image1: must be at most 49 KB');
      expect((await addProductCall(small, smallToken, minimalFields, { image1: await png() })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('GET /uploads/{name}', () => {
  it('serves images to anyone, as WebP, with nosniff and a long cache', async () => {
    const p = await addProduct(t, token, minimalFields, { image1: await png() });
    const res = await fetchUpload(p.image[0] as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('answers 404 for unknown names and never reads outside the uploads folder', async () => {
    await fs.writeFile(path.join(t.config.dataDir, 'secret.txt'), 'root:x:0:0');
    for (const url of [
      `${API_PATHS.uploads}/ffffffffffffffffffffffffffffffff.webp`,
      `${API_PATHS.uploads}/..%2fsecret.txt`,
      `${API_PATHS.uploads}/..%2f..%2fetc%2fpasswd`,
      `${API_PATHS.uploads}/%2e%2e/secret.txt`,
      `${API_PATHS.uploads}/secret.txt`,
    ]) {
      const res = await fetchUpload(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('removing images', () => {
  it("never deletes a file outside the product: '../../etc/passwd' or another product's image", async () => {
    const mine = await addProduct(t, token, minimalFields, { image1: await png() });
    const other = await addProduct(
      t,
      token,
      { ...minimalFields, hasAccessory: 'true', accessories: [{ name: 'Stand', price: 1 }] },
      { image1: await jpeg(), accessory1_image1: await png(12, 12) },
    );
    const before = await uploadedFiles(t);
    const res = await updateProductCall(t, token, mine._id, {
      ...minimalFields,
      removedImages: ['../../etc/passwd', '/etc/passwd', baseName(other.image[0] as string), '..', ''],
      removedAccessoryImages: [other.accessories[0]?.images[0], '../../../etc/passwd'],
      // Claiming the other product's image as one's own keeps nothing either.
      existingImages: [mine.image[0], other.image[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadedFiles(t)).toEqual(before);
    expect(await getProduct(other._id)).toEqual(other);
    expect((await getProduct(mine._id)).image).toEqual(mine.image);
    expect(await fs.readFile('/etc/passwd', 'utf8')).toContain('root');
  });

  it('deletes an image only after the change is saved, and a failed update leaves everything as it was', async () => {
    const p = await addProduct(
      t,
      token,
      { ...minimalFields, colorVariants: ['red'] },
      { image1: await png(), image2: await png(20, 20) },
    );
    const before = await uploadedFiles(t);
    // Refused after the new image was written: the new file goes again, the removed one stays.
    const failed = await updateProductCall(
      t,
      token,
      p._id,
      {
        ...minimalFields,
        removedImages: [baseName(p.image[1] as string)],
        colorVariants: [{ color: 'red', image: p.image[1] }],
      },
      { 'newImages[]': await png(30, 30) },
    );
    expect(failed.statusCode).toBe(400);
    expect(await getProduct(p._id)).toEqual(p);
    expect(await uploadedFiles(t)).toEqual(before);

    const ok = await updateProductCall(t, token, p._id, {
      ...minimalFields,
      removedImages: [baseName(p.image[1] as string)],
    });
    expect(ok.statusCode).toBe(200);
    const after = await uploadedFiles(t);
    expect(after).not.toContain(baseName(p.image[1] as string));
    expect(after).toContain(baseName(p.image[0] as string));
    expect((await fetchUpload(p.image[1] as string)).statusCode).toBe(404);
  });
});

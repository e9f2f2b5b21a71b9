import type { Readable } from 'node:stream';
import type { CampaignProduct } from '@backroom/contract';
import type { ImageStorage } from '../../storage/image-storage';
import { loadSharp, MAX_INPUT_PIXELS } from '../../storage/images';
import { imageUrl, isImageName, mailImageName, nameFromReference, thumbName } from '../../storage/names';

/*
 * Product pictures every mail client shows (docs/decisions/043-email-delivery-failures.md). The
 * catalogue keeps WebP, which Outlook for Windows does not show; a campaign's e-mails show a JPEG
 * rendition instead, made from the product image's thumbnail when the campaign is recorded and
 * stored next to it (<32 hex>-mail.jpg: the same 32 digits, so the upload sweep keeps it while a
 * campaign or the product names that image). Deleting a product deletes its WebP files, never the
 * rendition: e-mails already sent keep their picture.
 */

/** The rendition's largest side: twice the 120 px the e-mail's product card shows. */
export const MAIL_IMAGE_SIZE = 240;

/** A JPEG of a stored image: at most MAIL_IMAGE_SIZE px a side, transparency on the card's white. */
export async function mailRendition(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .resize({ width: MAIL_IMAGE_SIZE, height: MAIL_IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stored thumbnail (or, if it is missing, the image itself), or null when neither exists. */
async function source(storage: Pick<ImageStorage, 'get'>, name: string): Promise<Buffer | null> {
  for (const candidate of [thumbName(name), name]) {
    const found = await storage.get(candidate);
    if (found) return read(found.body);
  }
  return null;
}

/**
 * The rendition of a stored image, written unless an earlier campaign did (a name's content never
 * changes: it is served as immutable); answers its URL, or null when the image cannot be read.
 */
async function storeRendition(storage: Pick<ImageStorage, 'get' | 'put'>, name: string): Promise<string | null> {
  const existing = await storage.get(mailImageName(name));
  if (existing) {
    existing.body.destroy();
    return imageUrl(mailImageName(name));
  }
  const image = await source(storage, name);
  if (!image) return null;
  let jpeg: Buffer;
  try {
    jpeg = await mailRendition(image);
  } catch {
    return null;
  }
  await storage.put(mailImageName(name), jpeg);
  return imageUrl(mailImageName(name));
}

/**
 * The products with their pictures as e-mail renditions: each product image (a URL /uploads/...)
 * becomes the URL of its JPEG, written to the storage now. A picture that cannot be read (its file
 * is gone, or broken) is left out: an e-mail shows no picture rather than a broken one.
 */
export async function withMailImages(
  storage: Pick<ImageStorage, 'get' | 'put'>,
  products: readonly CampaignProduct[],
): Promise<CampaignProduct[]> {
  const renditions = new Map<string, Promise<string | null>>();
  return Promise.all(
    products.map(async (product) => {
      if (!product.image) return product;
      const name = nameFromReference(product.image);
      if (!isImageName(name) || name.endsWith('.jpg')) return product;
      let rendition = renditions.get(name);
      if (!rendition) {
        rendition = storeRendition(storage, name);
        renditions.set(name, rendition);
      }
      return { ...product, image: await rendition };
    }),
  );
}

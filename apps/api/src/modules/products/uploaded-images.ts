import { type ImageField, imageFieldProblem, MESSAGES, PRODUCT_LIMITS, parseImageField } from '@backroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../plugins/errors';
import type { ImageStorage } from '../../storage/image-storage';
import { ImageRefused, type PreparedImage, prepareImage } from '../../storage/images';
import { newImageName, thumbName } from '../../storage/names';

/** A file of a product form, checked and re-encoded, not yet stored. */
export interface UploadedImage extends PreparedImage {
  field: string;
  target: ImageField;
}

/**
 * The onFile handler of one product form: refuses a file field the call does not take (image{n}
 * on add, newImages[] on update, accessory{i}_image{n} on both), an 11th image, a third image
 * of an accessory, a sixth accessory, a field given twice, and any file that is not an image;
 * then re-encodes the image.
 */
export function productImageHandler(call: 'add' | 'update') {
  const seen = new Set<string>();
  let newImages = 0;
  return async (field: string, data: Buffer): Promise<UploadedImage> => {
    const target = parseImageField(field);
    const expected = target && (call === 'add' ? target.kind !== 'newImage' : target.kind !== 'image');
    if (!target || !expected) throw new HttpError(400, `${field}: is not a file field of this form`);
    const problem = imageFieldProblem(target, PRODUCT_LIMITS.maxAccessories);
    if (problem) throw new HttpError(400, `${field}: ${problem}`);
    if (target.kind === 'newImage') {
      newImages += 1;
      if (newImages > PRODUCT_LIMITS.maxImages) throw new HttpError(400, `${field}: ${MESSAGES.maxImages}`);
    } else {
      if (seen.has(field)) throw new HttpError(400, `${field}: is given more than once`);
      seen.add(field);
    }
    try {
      return { field, target, ...(await prepareImage(data)) };
    } catch (error) {
      if (error instanceof ImageRefused) throw new HttpError(400, `${field}: ${error.message}`);
      throw error;
    }
  };
}

/**
 * Writes each image and its thumbnail under new names; answers the names in the same order.
 * If any write fails, whatever was written is removed again.
 */
export async function storeImages(storage: ImageStorage, images: readonly PreparedImage[]): Promise<string[]> {
  const names = images.map(() => newImageName());
  const writes = await Promise.allSettled(
    images.flatMap((image, i) => {
      const name = names[i] as string;
      return [storage.put(name, image.full), storage.put(thumbName(name), image.thumb)];
    }),
  );
  const failed = writes.find((w) => w.status === 'rejected');
  if (failed) {
    await storage.remove(withThumbnails(names)).catch(() => {});
    throw failed.reason;
  }
  return names;
}

/**
 * Deletes images and their thumbnails once the database no longer refers to them. A failure is
 * logged, not raised: the change it follows has already been committed.
 */
export async function removeImages(storage: ImageStorage, names: readonly string[], log: FastifyBaseLogger) {
  if (names.length === 0) return;
  await storage.remove(withThumbnails(names)).catch((err) => log.warn({ err, names }, 'could not delete image files'));
}

const withThumbnails = (names: readonly string[]) => names.flatMap((n) => [n, thumbName(n)]);

import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http-error';
import type { ImageStorage } from './image-storage';
import { ImageRefused, type PreparedImage, prepareImage } from './images';
import { newImageName, thumbName } from './names';

/*
 * The upload policy every form with images follows (docs/decisions/009-images.md): each file is
 * checked by content and re-encoded as it arrives, written under new names before the change
 * that names it commits (and removed again if it fails), and files a change drops are deleted only
 * after it commits. The product and bundle forms use these.
 */

/** Checks and re-encodes a form's file; a refusal is a 400 naming the field ('image3: must be a JPEG, …'). */
export async function prepareFormImage(field: string, data: Buffer): Promise<PreparedImage> {
  try {
    return await prepareImage(data);
  } catch (error) {
    if (error instanceof ImageRefused) throw new HttpError(400, `${field}: ${error.message}`);
    throw error;
  }
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

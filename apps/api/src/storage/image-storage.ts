import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

/**
 * Where image files live: a folder under DATA_DIR, or an S3-compatible bucket. Every name is a
 * server-made image name (storage/names.ts); anything else is refused.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(name: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none by that name. */
  get(name: string): Promise<StoredObject | null>;
  /** Deletes the files; a missing one is not an error. */
  remove(names: readonly string[]): Promise<void>;
}

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function createImageStorage(config: Pick<Config, 'uploads' | 's3'>): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploads.dir);
}

import type { Config } from '../config';
import type { ImageStorage } from './image-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

// Apart from image-storage.ts (the interface both backends implement), so that neither backend
// imports the file that imports it.

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function createImageStorage(config: Pick<Config, 'uploads' | 's3'>): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploads.dir);
}

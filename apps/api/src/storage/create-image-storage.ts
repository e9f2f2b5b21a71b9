import type { Config } from '../config';
import type { ImageStorage } from './image-storage';
import { createLocalStorage } from './local-storage';

// Apart from image-storage.ts (the interface both backends implement), so that neither backend
// imports the file that imports it.

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function createImageStorage(config: Pick<Config, 'uploads' | 's3'>): ImageStorage {
  return config.s3 ? lazyS3Storage(config.s3) : createLocalStorage(config.uploads.dir);
}

/**
 * The S3 backend, its SDK (about a sixth of the built server) loaded at the first call rather
 * than at every start (decision 051).
 */
function lazyS3Storage(s3: NonNullable<Config['s3']>): ImageStorage {
  let loaded: Promise<ImageStorage> | undefined;
  const storage = () => {
    loaded ??= import('./s3-storage').then((m) => m.createS3Storage(s3));
    return loaded;
  };
  return {
    kind: 's3',
    put: async (name, data) => (await storage()).put(name, data),
    get: async (name) => (await storage()).get(name),
    remove: async (names) => (await storage()).remove(names),
    async *list() {
      yield* (await storage()).list();
    },
    removeLeftovers: async (before) => (await storage()).removeLeftovers(before),
  };
}

import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

/** A stored file as listed: its name and when it was last written. */
export interface ListedObject {
  name: string;
  modified: Date;
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
  /**
   * Every stored file with an image name, a page at a time, in no particular order; anything else
   * in the folder or bucket is not listed. For the upload sweep (modules/uploads/sweep.ts).
   */
  list(): AsyncIterable<ListedObject>;
  /**
   * Deletes what an interrupted write left behind (a temporary file) last written before `before`;
   * answers how many. Only the local folder writes temporary files.
   */
  removeLeftovers(before: Date): Promise<number>;
}

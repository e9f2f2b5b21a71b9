import { randomBytes } from 'node:crypto';
import { createReadStream, type Dir, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './image-storage';
import { isImageName } from './names';

const TEMPORARY_SUFFIX = '.tmp';
/** A temporary file put() writes before renaming it: a leftover when the process died in between. */
const TEMPORARY = /^\.[0-9a-f]{16}\.tmp$/;

/** Images as files in one folder (DATA_DIR/uploads), written atomically (temporary file, then rename). */
export function createLocalStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  const pathOf = (name: string) => {
    if (!isImageName(name)) throw new Error(`not an image name: ${JSON.stringify(name)}`);
    const file = path.join(root, name);
    if (path.dirname(file) !== root) throw new Error(`outside the uploads folder: ${JSON.stringify(name)}`);
    return file;
  };
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'local',
    async put(name, data) {
      const file = pathOf(name);
      ready ??= fs.mkdir(root, { recursive: true });
      await ready;
      const temporary = path.join(root, `.${randomBytes(8).toString('hex')}${TEMPORARY_SUFFIX}`);
      await fs.writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      await fs.rename(temporary, file);
    },
    async get(name) {
      if (!isImageName(name)) return null;
      const file = pathOf(name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), size: stat.size };
    },
    async remove(names) {
      await Promise.all(
        names.map((name) =>
          fs.unlink(pathOf(name)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          }),
        ),
      );
    },
    async *list() {
      for await (const entry of entries(root)) {
        if (!entry.isFile() || !isImageName(entry.name)) continue;
        const stat = await fs.lstat(path.join(root, entry.name)).catch(() => null);
        if (stat?.isFile()) yield { name: entry.name, modified: stat.mtime };
      }
    },
    async removeLeftovers(before) {
      let removed = 0;
      for await (const entry of entries(root)) {
        if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
        const file = path.join(root, entry.name);
        const stat = await fs.lstat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtime >= before) continue;
        await fs.unlink(file).catch(() => {});
        removed += 1;
      }
      return removed;
    },
  };
}

/** The folder's entries one at a time (a folder of 400,000 files is never held as one array); none when it does not exist yet. */
async function* entries(dir: string): AsyncGenerator<Dirent> {
  let opened: Dir;
  try {
    opened = await fs.opendir(dir, { bufferSize: 256 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  yield* opened;
}

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './image-storage';
import { isImageName } from './names';

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
      const temporary = path.join(root, `.${randomBytes(8).toString('hex')}.tmp`);
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
  };
}

import fs from 'node:fs/promises';

/** The template and the workers' data folders were made for this run only. */
export default async function globalTeardown() {
  const dir = process.env.BACKROOM_E2E_ROOT;
  if (dir?.includes('backroom-e2e-')) await fs.rm(dir, { recursive: true, force: true });
}

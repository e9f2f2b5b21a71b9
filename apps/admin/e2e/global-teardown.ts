import fs from 'node:fs/promises';

/** The data folder was made for this run only. */
export default async function globalTeardown() {
  const dir = process.env.BACKROOM_E2E_DATA_DIR;
  if (dir?.includes('backroom-e2e-')) await fs.rm(dir, { recursive: true, force: true });
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { emailSchema } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

export interface FirstAdmin {
  email: string;
  /** Known only when this start created the account or it is kept in initial-admin.txt. */
  password: string | undefined;
  /** Where the generated login is kept, if it was generated. */
  file: string | undefined;
}

const DEFAULT_EMAIL = 'admin@example.com';

/**
 * Makes sure the shop has an admin (docs/decisions/005-first-admin.md). With ADMIN_EMAIL and
 * ADMIN_PASSWORD that account is created if missing (an existing one is left as it is). Without
 * them, when no admin exists, admin@example.com gets a random password, kept in
 * DATA_DIR/initial-admin.txt readable by the owner only.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined; dataDir: string },
): Promise<FirstAdmin> {
  const file = path.join(options.dataDir, 'initial-admin.txt');
  if (options.email && options.password) {
    const email = emailSchema.parse(options.email);
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing.length === 0) {
      // Instances started together on a new database may both get here: the first insert wins.
      await db
        .insert(users)
        .values({ name: 'Admin', email, passwordHash: await hashPassword(options.password), role: 'admin' })
        .onConflictDoNothing({ target: users.email });
    }
    return { email, password: options.password, file: undefined };
  }

  const keptLogin = async (): Promise<FirstAdmin> => {
    const kept = await fs.readFile(file, 'utf8').catch(() => null);
    const password = kept ? /password:\s*(\S+)/.exec(kept)?.[1] : undefined;
    return { email: DEFAULT_EMAIL, password, file: kept ? file : undefined };
  };
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admins.length > 0) return keptLogin();

  const password = randomBytes(12).toString('base64url');
  const created = await db
    .insert(users)
    .values({ name: 'Admin', email: DEFAULT_EMAIL, passwordHash: await hashPassword(password), role: 'admin' })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  // Another instance starting at the same moment made it first: its password is the one kept.
  if (created.length === 0) return keptLogin();
  await fs.mkdir(options.dataDir, { recursive: true });
  await fs.writeFile(file, `email: ${DEFAULT_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return { email: DEFAULT_EMAIL, password, file };
}

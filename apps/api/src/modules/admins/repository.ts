import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** The columns an admin is answered with (never the password hash). */
const adminColumns = { id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive };
export type AdminRow = { id: string; name: string; email: string; role: 'user' | 'admin'; isActive: boolean };

/** Admins, oldest first (the first admin on top), at most `limit`. */
export function listAdmins(db: DbOrTx, limit: number): Promise<AdminRow[]> {
  return db
    .select(adminColumns)
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/** A new admin account; undefined when the e-mail is taken (the unique index decides, race-free). */
export async function insertAdmin(
  db: DbOrTx,
  values: { name: string; email: string; passwordHash: string },
): Promise<AdminRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...values, role: 'admin', isActive: true })
    .onConflictDoNothing({ target: users.email })
    .returning(adminColumns);
  return rows[0];
}

/** The account an id names, locked until the transaction ends. */
export async function lockUser(db: DbOrTx, id: string): Promise<AdminRow | undefined> {
  const rows = await db.select(adminColumns).from(users).where(eq(users.id, id)).for('update').limit(1);
  return rows[0];
}

/** Whether another account than `exceptId` holds this e-mail. */
export async function emailTakenByOther(db: DbOrTx, email: string, exceptId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0 && rows[0]?.id !== exceptId;
}

export async function updateAdminRow(
  db: DbOrTx,
  id: string,
  values: { name: string; email: string },
): Promise<AdminRow | undefined> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .returning(adminColumns);
  return rows[0];
}

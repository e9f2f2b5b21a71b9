import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema';

/** Conversations with a customer message no admin has read (a partial index keeps it cheap). */
export async function countUnread(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(conversations).where(eq(conversations.adminUnread, true));
  return rows[0]?.n ?? 0;
}

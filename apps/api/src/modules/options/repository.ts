import type { OptionSet } from '@backroom/contract';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { optionSets } from '../../db/schema';

export function listOptionSets(db: DbOrTx): Promise<OptionSet[]> {
  return db
    .select({ name: optionSets.name, values: optionSets.values })
    .from(optionSets)
    .orderBy(asc(optionSets.position));
}

/** Replaces every option set; writers wait for each other, readers never wait. */
export async function replaceOptionSets(tx: DbOrTx, sets: readonly OptionSet[]): Promise<void> {
  await tx.execute(sql`lock table ${optionSets} in share row exclusive mode`);
  await tx.delete(optionSets);
  if (sets.length === 0) return;
  await tx.insert(optionSets).values(sets.map((s, position) => ({ ...s, position })));
}

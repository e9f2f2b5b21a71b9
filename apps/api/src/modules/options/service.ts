import { EVENTS, type OptionSet } from '@backroom/contract';
import type { Db } from '../../db/client';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { listOptionSets, replaceOptionSets } from './repository';

export function getOptionSets(db: Db): Promise<OptionSet[]> {
  return listOptionSets(db);
}

/** PUT /api/options: every option set, in order; every open admin is told. */
export async function saveOptionSets(
  deps: { db: Db; realtime: Pick<Realtime, 'toAdmins'> },
  sets: OptionSet[],
): Promise<OptionSet[]> {
  await deps.db.transaction(async (tx) => {
    const before = await listOptionSets(tx);
    await replaceOptionSets(tx, sets);
    await recordChange(tx, 'options', 'updated', 'options', { options: before }, { options: sets });
  });
  const saved = await listOptionSets(deps.db);
  deps.realtime.toAdmins(EVENTS.optionsUpdated, { options: saved });
  return saved;
}

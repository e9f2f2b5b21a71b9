import {
  EVENTS,
  PRODUCT_TAGS,
  type ProductTag,
  SETTINGS_MESSAGES,
  type SettingsUpdatedEvent,
  type updateSettingsRequestSchema,
  type VisibilitySettings,
} from '@backroom/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { pick, snapshot } from '../activity/snapshot';
import { readSettings, type SettingsRow, writeSettings } from './repository';

export interface SettingsDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

const isTag = (value: string): value is ProductTag => (PRODUCT_TAGS as readonly string[]).includes(value);

function toSettings(row: SettingsRow): VisibilitySettings {
  return {
    hiddenCategories: row.hiddenCategories,
    // Only tags the app knows, should the stored list ever hold another.
    hiddenProductTags: row.hiddenProductTags.filter(isTag),
    showSupportInOrders: row.showSupportInOrders,
    lowStockThreshold: row.lowStockThreshold,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/settings. */
export async function getSettings(db: Db): Promise<VisibilitySettings> {
  return toSettings(await readSettings(db));
}

/**
 * PUT /api/settings: the whole state replaces the stored one (docs/decisions/025-visibility-settings.md).
 * With updatedAt, a write made on settings that changed since is refused (409) rather than silently
 * undoing the other admin's change; without it the last write wins. Every open admin screen gets
 * the new state (settingsUpdated).
 */
export async function updateSettings(
  deps: SettingsDeps,
  input: z.output<typeof updateSettingsRequestSchema>,
): Promise<VisibilitySettings> {
  const { updatedAt, ...values } = input;
  const row = await deps.db.transaction(async (tx) => {
    await readSettings(tx); // makes the row if it is missing
    // Locked, so that the entry's old values are the ones this write replaces.
    const before = await snapshot(tx, 'shop_settings', '1', { lock: true });
    const written = await writeSettings(tx, values, updatedAt ? new Date(updatedAt) : undefined);
    if (written)
      await recordChange(tx, 'settings', 'updated', 'settings', before && pick(before, written), written, [
        'updatedAt',
      ]);
    return written;
  });
  if (!row) throw new HttpError(409, SETTINGS_MESSAGES.staleSettings);
  const settings = toSettings(row);
  deps.realtime.toAdmins(EVENTS.settingsUpdated, { settings } satisfies SettingsUpdatedEvent);
  return settings;
}

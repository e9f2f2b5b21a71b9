import { z } from 'zod';
import { textSchema } from './common';
import { PRODUCT_TAGS, type ProductTag } from './constants';

/*
 * The shop's visibility settings (spec 2 sections 3 and 7; docs/decisions/025-visibility-settings.md).
 * Checked means visible on the screen, so the lists hold what is hidden: main category names and
 * product tag keys. The body of PUT is the whole state, as the spec sends it.
 */

export const SETTINGS_LIMITS = {
  /** As many as the category tree may hold. */
  maxHiddenCategories: 100,
  categoryNameMax: 100,
} as const;

/** Trimmed, blanks and repeats dropped, order kept. */
const distinct = <T extends string>(values: T[]): T[] => [...new Set(values.map((v) => v.trim() as T))].filter(Boolean);

export const visibilitySettingsSchema = z.object({
  hiddenCategories: z.array(z.string()),
  hiddenProductTags: z.array(z.enum(PRODUCT_TAGS)),
  showSupportInOrders: z.boolean(),
  /** The shop's default low-stock threshold: a product tracking stock is 'Low stock' at or below it (decision 055). */
  lowStockThreshold: z.number().int().nonnegative(),
  /** When they last changed (ISO, millisecond precision): the version a PUT may name. */
  updatedAt: z.string(),
});
export type VisibilitySettings = z.infer<typeof visibilitySettingsSchema>;

/** GET /api/settings. */
export const settingsResponseSchema = z.object({ success: z.literal(true), settings: visibilitySettingsSchema });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/**
 * PUT /api/settings: the whole state. showSupportInOrders is true when absent (spec 2 section 3).
 * With updatedAt (the version the screen shows) a PUT made on stale settings is refused with 409
 * instead of silently undoing another admin's change; without it the last write wins.
 */
export const updateSettingsRequestSchema = z.strictObject({
  hiddenCategories: z
    .array(
      textSchema({ error: 'must be a list of category names' })
        .trim()
        .min(1, 'must not hold a blank name')
        .max(
          SETTINGS_LIMITS.categoryNameMax,
          `must hold names of at most ${SETTINGS_LIMITS.categoryNameMax} characters`,
        ),
      { error: 'must be a list of category names' },
    )
    .max(SETTINGS_LIMITS.maxHiddenCategories, `must hold at most ${SETTINGS_LIMITS.maxHiddenCategories} names`)
    .transform(distinct),
  hiddenProductTags: z
    .array(z.enum(PRODUCT_TAGS, { error: `must hold only ${PRODUCT_TAGS.join(', ')}` }), {
      error: 'must be a list of product tags',
    })
    .max(PRODUCT_TAGS.length, `must hold at most ${PRODUCT_TAGS.length} tags`)
    .transform((tags) => distinct<ProductTag>(tags)),
  showSupportInOrders: z.boolean({ error: 'must be true or false' }).default(true),
  /** Absent keeps the stored default (docs/decisions/055-stock.md). */
  lowStockThreshold: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .optional(),
  updatedAt: z.iso.datetime({ error: 'must be the updatedAt the settings were read with' }).optional(),
});
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

export const updateSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: visibilitySettingsSchema,
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;

/** The settingsUpdated event to admins. */
export interface SettingsUpdatedEvent {
  settings: VisibilitySettings;
}

export const SETTINGS_MESSAGES = {
  staleSettings:
    'Visibility settings were changed by another admin meanwhile. The latest settings are shown: please make your change again.',
} as const;

/** Whether an entry is visible (checked): not in the hidden list. */
export function isVisible(hidden: readonly string[], value: string): boolean {
  return !hidden.includes(value);
}

/** The hidden list after a checkbox changed: checked (visible) takes the value out, unchecked puts it in. */
export function setVisible<T extends string>(hidden: readonly T[], value: T, visible: boolean): T[] {
  const rest = hidden.filter((entry) => entry !== value);
  return visible ? rest : [...rest, value];
}

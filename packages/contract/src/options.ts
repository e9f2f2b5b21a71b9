import { z } from 'zod';
import { textSchema } from './common';
import { cleanEntries, firstDuplicate } from './domain/catalogue-lists';

/*
 * The variant option sets (Colors, Clothing Sizes, Canvas Sizes and any the admins add), kept on
 * the server so every admin sees the same ones (the admin caches them under STORAGE_KEYS.options).
 */

export const optionSetSchema = z.object({
  name: textSchema({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** Ordered; trimmed, blanks and repeats dropped (spec 1 section 5). */
  values: z
    .array(textSchema().max(100, 'must be at most 100 characters'), { error: 'must be a list of values' })
    .max(500, 'at most 500 values')
    .default([])
    .transform(cleanEntries),
});

const optionSetOut = z.object({ name: z.string(), values: z.array(z.string()) });

/** GET /api/options. */
export const optionsResponseSchema = z.object({ success: z.literal(true), options: z.array(optionSetOut) });
export type OptionsResponse = z.infer<typeof optionsResponseSchema>;

/** PUT /api/options: replaces every option set; names are unique (ignoring case). */
export const saveOptionsRequestSchema = z.strictObject({
  options: z
    .array(optionSetSchema, { error: 'must be a list of option sets' })
    .max(50, 'at most 50 option sets')
    .superRefine((sets, ctx) => {
      const i = firstDuplicate(sets.map((s) => s.name));
      if (i >= 0) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'is used by another option set' });
    }),
});
export type SaveOptionsRequest = z.input<typeof saveOptionsRequestSchema>;

export const saveOptionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  options: z.array(optionSetOut),
});

/** The realtime optionsUpdated event: the option sets as they now are. */
export const optionsUpdatedEventSchema = z.object({ options: z.array(optionSetOut) });
export type OptionsUpdatedEvent = z.infer<typeof optionsUpdatedEventSchema>;

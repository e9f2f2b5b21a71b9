import { z } from 'zod';
import { textSchema } from './common';
import { FALLBACK_CATEGORY } from './constants';
import { cleanEntries, firstDuplicate } from './domain/catalogue-lists';

/*
 * The category tree, kept on the server so every admin sees the same one (the admin caches it
 * under STORAGE_KEYS.categories), and the two calls of spec 1 section 7 that move products.
 */

const name = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

/** An ordered list of names: trimmed, blanks and repeats dropped (spec 1 section 5). */
const entries = z
  .array(textSchema().max(100, 'must be at most 100 characters'), { error: 'must be a list of names' })
  .max(200, 'at most 200 entries')
  .default([])
  .transform(cleanEntries);

export const categoryNodeSchema = z.object({
  name,
  subCategories: entries,
  subSubCategories: entries,
});

/** The whole tree, in display order; main category names are unique (ignoring case). */
export const categoryTreeSchema = z
  .array(categoryNodeSchema, { error: 'must be a list of categories' })
  .max(100, 'at most 100 categories')
  .superRefine((tree, ctx) => {
    const i = firstDuplicate(tree.map((c) => c.name));
    if (i >= 0) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'is used by another category' });
  });

const categoryOut = z.object({
  name: z.string(),
  subCategories: z.array(z.string()),
  subSubCategories: z.array(z.string()),
});

/** GET /api/category/tree. */
export const categoryTreeResponseSchema = z.object({ success: z.literal(true), categories: z.array(categoryOut) });
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponseSchema>;

/** PUT /api/category/tree: replaces the tree. Products keep their categories (rename and delete move them). */
export const saveCategoryTreeRequestSchema = z.strictObject({ categories: categoryTreeSchema });
export type SaveCategoryTreeRequest = z.input<typeof saveCategoryTreeRequestSchema>;

export const saveCategoryTreeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  categories: z.array(categoryOut),
});

const level = z.literal('main', { error: "must be 'main'" });

/**
 * PUT /api/category/rename: every product of the old main category moves to the new name, and
 * the tree's entry is renamed if it is still there; in one transaction.
 */
export const renameCategoryRequestSchema = z.strictObject({ level, oldName: name, newName: name });
export type RenameCategoryRequest = z.infer<typeof renameCategoryRequestSchema>;

/**
 * DELETE /api/category/delete (JSON body): every product of the main category moves to the
 * fallback ('Uncategorized'), and the tree's entry is removed if it is still there.
 */
export const deleteCategoryRequestSchema = z.strictObject({ level, name, fallback: name.default(FALLBACK_CATEGORY) });
export type DeleteCategoryRequest = z.input<typeof deleteCategoryRequestSchema>;

/** Rename and delete answer how many products moved. */
export const moveCategoryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  moved: z.number().int().nonnegative(),
});
export type MoveCategoryResponse = z.infer<typeof moveCategoryResponseSchema>;

/** The realtime categoriesUpdated event: the tree as it now is. */
export const categoriesUpdatedEventSchema = z.object({ categories: z.array(categoryOut) });
export type CategoriesUpdatedEvent = z.infer<typeof categoriesUpdatedEventSchema>;

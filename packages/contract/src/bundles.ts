import { z } from 'zod';
import { jsonField, objectIdSchema, textSchema } from './common';
import { BUNDLE_LIMITS, BUNDLE_STATUSES, bundleDatesProblem } from './domain/bundle-status';
import { datePart } from './domain/discount-dates';
import { type Parsed, parsePriceCents } from './domain/money';
import type { API_PATHS } from './routes';

/*
 * Bundle sales (spec 2 sections 2 to 9, issue 11; docs/decisions/028-bundles.md). Create and
 * update are multipart forms: the text fields below, new image files as `images` (repeated),
 * and on update the kept images as `existingImages`. Money travels as dollars and is kept as
 * integer cents; dates are calendar days (yyyy-mm-dd) in the shop's time zone.
 */

/** The form's messages (spec 2 section 5) and the server's own; a 400 reads '{field}: {message}'. */
export const BUNDLE_MESSAGES = {
  titleRequired: 'Title is required',
  priceRequired: 'Bundle price is required',
  priceAboveZero: 'Bundle price must be above zero',
  selectProduct: 'Select at least one product',
  imageRequired: 'At least one image is required',
  imagesHelp: `Upload up to ${BUNDLE_LIMITS.maxImages} images (at least 1 required).`,
  notFound: 'Bundle not found',
  cancelled: 'Bundle cancelled',
  restored: 'Bundle cancellation undone',
  /** A selected product the catalogue does not have. */
  productUnknown: (id: string) => `products: no product in the catalogue has the id ${id}`,
  productsChanged: 'products: a selected product was just deleted from the catalogue; choose the products again',
  noImagesToKeep: 'existingImages: a new bundle has no images to keep',
} as const;

/** A product of a bundle. A product deleted from the catalogue: _id null, removed true, its last known name and price. */
export const bundleProductSchema = z.object({
  _id: z.string().nullable(),
  name: z.string(),
  /** Dollars: its price now, or when the bundle was last saved if it was deleted since. */
  price: z.number(),
  removed: z.boolean(),
});
export type BundleProduct = z.infer<typeof bundleProductSchema>;

/** A bundle as the screen reads it (spec 2 section 3, Bundle). */
export const bundleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** '' when none. */
  description: z.string(),
  /** Dollars. */
  price: z.number(),
  /** yyyy-mm-dd, the first day it is on sale in the shop's time zone. */
  startDate: z.string(),
  /** yyyy-mm-dd, the last day it is on sale. */
  endDate: z.string(),
  /** In the order the form listed them. */
  products: z.array(bundleProductSchema),
  productCount: z.number().int().nonnegative(),
  purchaseCount: z.number().int().nonnegative(),
  /** URLs (/uploads/{name}), 1 to 5. */
  images: z.array(z.string()),
  /** The thumbnails' URLs, in the same order. */
  thumbnails: z.array(z.string()),
  cancelled: z.boolean(),
  status: z.enum(BUNDLE_STATUSES),
  /** A product was deleted from the catalogue: the list warns on this row; it cannot be bought. */
  hasRemovedProduct: z.boolean(),
  /** It can be bought today: not cancelled, within its dates, every product still there. */
  purchasable: z.boolean(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** 'yyyy-mm-dd', 'yyyy/mm/dd' (the pickers' format), or an ISO date and time whose date part counts. */
const dateField = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'must be a date such as 2026-12-01')
  .transform((value, ctx) => {
    const day = datePart(/^\d{4}\/\d{2}\/\d{2}$/.test(value) ? value.replaceAll('/', '-') : value);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a date such as 2026-12-01' });
      return z.NEVER;
    }
    return day;
  });

/** What a price that is not above zero, or not a price at all, is told. */
function priceProblem(parsed: Parsed<number>): string {
  if (parsed.ok || parsed.problem === 'must be at least 0') return BUNDLE_MESSAGES.priceAboveZero;
  if (parsed.problem === 'is required') return BUNDLE_MESSAGES.priceRequired;
  return `Bundle price ${parsed.problem}`;
}

/** Dollars as text (or a number) to cents, above zero. */
const priceField = z
  .union([textSchema(), z.number()], { error: BUNDLE_MESSAGES.priceRequired })
  .transform((value, ctx) => {
    const parsed = parsePriceCents(value);
    if (parsed.ok && parsed.value > 0) return parsed.value;
    ctx.addIssue({ code: 'custom', message: priceProblem(parsed) });
    return z.NEVER;
  });

/** The selected products' ids, as a JSON list; absent or empty is 'Select at least one product'. */
const productsField = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? '[]' : value),
  jsonField(
    z
      .array(objectIdSchema, { error: 'must be a list of product ids' })
      .min(BUNDLE_LIMITS.minProducts, BUNDLE_MESSAGES.selectProduct)
      .max(BUNDLE_LIMITS.maxProducts, `at most ${BUNDLE_LIMITS.maxProducts} products`),
  ),
);

/**
 * POST /api/bundle/create and PUT /api/bundle/update/{id}: the multipart text fields. Files:
 * `images`, each a new image. existingImages: the images to keep, as URLs (or base names), in
 * order, before the new ones; only the bundle's own, and none on create.
 */
export const bundleFieldsSchema = z
  .strictObject({
    title: textSchema({ error: BUNDLE_MESSAGES.titleRequired })
      .trim()
      .min(1, BUNDLE_MESSAGES.titleRequired)
      .max(BUNDLE_LIMITS.titleMax, `Title must be at most ${BUNDLE_LIMITS.titleMax} characters`),
    description: textSchema()
      .trim()
      .max(BUNDLE_LIMITS.descriptionMax, `must be at most ${BUNDLE_LIMITS.descriptionMax} characters`)
      .default(''),
    price: priceField,
    startDate: dateField,
    endDate: dateField,
    products: productsField,
    existingImages: jsonField(
      z.array(textSchema().max(500), { error: 'must be a list of image URLs' }).max(100, 'at most 100 entries'),
    ).default([]),
  })
  .superRefine((value, ctx) => {
    const problem = bundleDatesProblem(value.startDate, value.endDate);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: problem });
  });
export type BundleFields = z.output<typeof bundleFieldsSchema>;

/** The file field of the bundle forms (repeated, one file each). */
export const BUNDLE_IMAGE_FIELD = 'images';

export const bundleIdParamsSchema = z.strictObject({ id: objectIdSchema });

export const bundleListResponseSchema = z.object({
  success: z.literal(true),
  /** Every bundle, newest first. */
  bundles: z.array(bundleSchema),
  /** Today in the shop's time zone (yyyy-mm-dd): the form's default start date. */
  today: z.string(),
});
export type BundleListResponse = z.infer<typeof bundleListResponseSchema>;

/** What create, update and cancel answer: the message and the bundle as now stored. */
export const bundleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bundle: bundleSchema,
});
export type BundleResponse = z.infer<typeof bundleResponseSchema>;

/** The realtime bundlesUpdated event, to admins after a bundle is created, changed, (un)cancelled, deleted or bought. */
export const bundlesUpdatedEventSchema = z.object({
  action: z.enum(['created', 'updated', 'cancelled', 'restored', 'deleted', 'purchased']),
  id: z.string(),
});
export type BundlesUpdatedEvent = z.infer<typeof bundlesUpdatedEventSchema>;

/** A bundle call's path with its id: bundlePath(API_PATHS.bundleUpdate, id). */
export function bundlePath(path: (typeof API_PATHS)['bundleUpdate' | 'bundle' | 'bundleCancel'], id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

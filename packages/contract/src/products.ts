import { z } from 'zod';
import { jsonField, objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import {
  ACCESSORY_FLAGS,
  type AccessoryFlag,
  PRODUCT_LIMITS,
  PRODUCT_SORTS,
  PRODUCT_TAGS,
  type ProductTag,
} from './constants';
import { parseDiscount, parsePriceCents } from './domain/money';
import { API_PATHS } from './routes';

/** Bounds of the stock fields. */
export const STOCK_LIMITS = { maxQuantity: 1_000_000 } as const;

/*
 * The product calls of spec 1 section 7. Add and update are multipart forms: their text fields
 * are checked with the *FieldsSchema below (JSON-valued fields are parsed inside), their files
 * are named as domain/product-form-fields.ts says. Money travels as dollars (price: 12.34) and
 * is kept as integer cents on the server.
 */

const text = (max: number) => textSchema().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) =>
  textSchema({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A category, colour or size name. */
const label = text(100);

/** 'true' or 'false', as a form field sends a checkbox. */
const flagField = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** A price in dollars (string or number) as integer cents. */
const money = z.union([textSchema(), z.number()], { error: 'is required' }).transform((value, ctx) => {
  const parsed = parsePriceCents(value);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: parsed.problem });
  return z.NEVER;
});

const discountField = textSchema().transform((value, ctx) => {
  const parsed = parseDiscount(value);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: parsed.problem });
  return z.NEVER;
});

const labelList = (max: number) =>
  z.array(label, { error: 'must be a list of names' }).max(max, `at most ${max} entries`);

/** One field per product tag, all of the same schema. */
function tagFields<T extends z.ZodType>(field: T): Record<ProductTag, T> {
  return {
    bestseller: field,
    outOfStock: field,
    preOrder: field,
    notAvailableYet: field,
    comingSoon: field,
    isNewProduct: field,
    limitedEdition: field,
    vaulted: field,
  };
}

const jsonFlag = z.boolean({ error: 'must be true or false' }).default(false);

/** An accessory as the forms send it inside the accessories JSON. Other keys are ignored. */
export const accessoryInputSchema = z.object({
  name: requiredText(200),
  description: text(2000)
    .nullish()
    .transform((v) => v ?? ''),
  price: money,
  outOfStock: jsonFlag,
  preOrder: jsonFlag,
  notAvailableYet: jsonFlag,
  comingSoon: jsonFlag,
  isNew: jsonFlag,
  limitedEdition: jsonFlag,
  /** On update: the accessory's images to keep, as URLs (or base names). New ones come as files. */
  images: z
    .array(textSchema().max(500))
    .max(PRODUCT_LIMITS.maxAccessoryImages, `at most ${PRODUCT_LIMITS.maxAccessoryImages} images per accessory`)
    .optional(),
});
export type AccessoryInput = z.output<typeof accessoryInputSchema>;

const accessoriesField = jsonField(
  z
    .array(accessoryInputSchema, { error: 'must be a list of accessories' })
    .max(PRODUCT_LIMITS.maxAccessories, `at most ${PRODUCT_LIMITS.maxAccessories} accessories`),
);

/** The text fields every product form has. */
const commonFields = {
  name: requiredText(200),
  description: requiredText(5000),
  price: money,
};

/** One cell of the stock grid: a colour and a size the product is sold in ('' when it has none) and its units. */
export const stockLevelSchema = z.object({
  color: z.string({ error: 'is required' }).trim().max(100, 'must be at most 100 characters').default(''),
  size: z.string({ error: 'is required' }).trim().max(100, 'must be at most 100 characters').default(''),
  quantity: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(STOCK_LIMITS.maxQuantity, `must be at most ${STOCK_LIMITS.maxQuantity}`),
  /**
   * The cell's units as Modify Product opened (decision 055): a cell sent unchanged keeps what it
   * holds now; a changed one is refused (409) when orders moved its units since. Without it the
   * units are set as sent.
   */
  was: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(STOCK_LIMITS.maxQuantity, `must be at most ${STOCK_LIMITS.maxQuantity}`)
    .optional(),
});
export type StockLevel = z.output<typeof stockLevelSchema>;

/** The stock fields of both product forms (docs/decisions/055-stock.md). */
const stockFields = {
  /** Count units per colour × size; the manual Out of Stock flag then follows the count. */
  trackStock: flagField.optional(),
  /** 'Low stock' at or below this many units; blank takes the shop's default. */
  lowStockThreshold: textSchema()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const n = Number(value);
      if (Number.isInteger(n) && n >= 0 && n <= STOCK_LIMITS.maxQuantity) return n;
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from 0 to ${STOCK_LIMITS.maxQuantity}, or blank`,
      });
      return z.NEVER;
    })
    .optional(),
  /** The grid's cells; cells left out count 0 (on add) or keep their units (on update). */
  stockLevels: jsonField(
    z.array(stockLevelSchema, { error: 'must be a list of stock levels' }).max(2500, 'at most 2500 entries'),
  ).optional(),
};

/** Checks the accessory count against hasAccessory (1 to 5 when it is set). */
function accessoryCountRule(
  value: { hasAccessory?: boolean | undefined; accessories?: unknown[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.hasAccessory === true && value.accessories !== undefined && value.accessories.length < 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['accessories'],
      message: `at least ${PRODUCT_LIMITS.minAccessories} accessory when hasAccessory is true`,
    });
  }
}

/** POST /api/product/add: the multipart text fields. Files: image1..image10, accessory{i}_image{1|2}. */
export const addProductFieldsSchema = z
  .strictObject({
    ...commonFields,
    discount: discountField.default(0),
    mainCategory: label.default(''),
    subCategory: label.default(''),
    subSubCategory: label.default(''),
    ...tagFields(flagField.default(false)),
    /** Colour names; the n-th colour is tied to the n-th uploaded image, if there is one. */
    colorVariants: jsonField(labelList(50)).default([]),
    clothingSizes: jsonField(labelList(50)).default([]),
    canvasSizes: jsonField(labelList(50)).default([]),
    hasAccessory: flagField.default(false),
    accessories: accessoriesField.default([]),
    ...stockFields,
  })
  .superRefine(accessoryCountRule);
export type AddProductFields = z.output<typeof addProductFieldsSchema>;

/** A colour variant as the modify form sends it: the image is one of the product's kept images. */
export const colorVariantInputSchema = z.object({
  color: textSchema({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  image: textSchema().max(500).nullish(),
  stock: z.number().int().min(0).max(1_000_000).default(0),
  outOfStock: z.boolean().default(false),
});

/**
 * PUT /api/product/update/{id}: the multipart text fields. name, description and price are
 * required; any other field left out keeps its current value. Files: newImages[] and
 * accessory{i}_image{n} (new images of the i-th accessory, after the ones it keeps).
 */
export const updateProductFieldsSchema = z
  .strictObject({
    ...commonFields,
    discount: discountField.optional(),
    mainCategory: label.optional(),
    subCategory: label.optional(),
    subSubCategory: label.optional(),
    ...tagFields(flagField.optional()),
    colorVariants: jsonField(z.array(colorVariantInputSchema).max(50, 'at most 50 entries')).optional(),
    clothingSizes: jsonField(labelList(50)).optional(),
    canvasSizes: jsonField(labelList(50)).optional(),
    hasAccessory: flagField.optional(),
    accessories: accessoriesField.optional(),
    ...stockFields,
    /** The product's images to keep, in order, as URLs (or base names). New ones follow them. */
    existingImages: jsonField(z.array(textSchema().max(500)).max(100)).optional(),
    /** Base names of images to remove. Only the product's own images are ever deleted. */
    removedImages: jsonField(z.array(textSchema().max(500)).max(100)).optional(),
    /** URLs of accessory images to remove. */
    removedAccessoryImages: jsonField(z.array(textSchema().max(500)).max(100)).optional(),
  })
  .superRefine(accessoryCountRule);
export type UpdateProductFields = z.output<typeof updateProductFieldsSchema>;

/** An accessory as the API answers it. */
export const accessorySchema = z.object({
  name: z.string(),
  description: z.string(),
  price: z.number(),
  images: z.array(z.string()),
  outOfStock: z.boolean(),
  preOrder: z.boolean(),
  notAvailableYet: z.boolean(),
  comingSoon: z.boolean(),
  isNew: z.boolean(),
  limitedEdition: z.boolean(),
});
export type Accessory = z.infer<typeof accessorySchema>;

/** What every product answer carries about stock, the admin's and the storefront's alike. */
export const stockAnswerFields = {
  /** Whether the product counts its units. */
  trackStock: z.boolean(),
  /** Units left over all its variants, or null when it does not track stock. */
  stock: z.number().int().nullable(),
  /** Some units left, at or below its low-stock threshold. */
  lowStock: z.boolean(),
};

export const colorVariantSchema = z.object({
  color: z.string(),
  /** The URL of the image this colour belongs to, or null. */
  image: z.string().nullable(),
  stock: z.number().int(),
  outOfStock: z.boolean(),
});
export type ColorVariant = z.infer<typeof colorVariantSchema>;

/** A product as the API answers it (spec 1 section 3). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars, two decimals at most. */
  price: z.number(),
  /** Percent, 0 to 100. */
  discount: z.number(),
  mainCategory: z.string(),
  subCategory: z.string(),
  subSubCategory: z.string(),
  /** Full-size image URLs, in order. */
  image: z.array(z.string()),
  /** Small versions of image, same order, for lists and grids. */
  thumbnails: z.array(z.string()),
  colorVariants: z.array(colorVariantSchema),
  clothingSizes: z.array(z.string()),
  canvasSizes: z.array(z.string()),
  hasAccessory: z.boolean(),
  accessories: z.array(accessorySchema),
  ...tagFields(z.boolean()),
  /** When the product was added (ISO 8601); the list sorts by it. */
  date: z.string(),
  ...stockAnswerFields,
  /** The product's own low-stock threshold, or null: the shop's default applies. */
  lowStockThreshold: z.number().int().nullable(),
  /** Units per colour × size, every cell of the grid ('' where it has no colours or no sizes); [] when not tracked. */
  stockLevels: z.array(z.object({ color: z.string(), size: z.string(), quantity: z.number().int() })),
});
export type Product = z.infer<typeof productSchema>;

/**
 * GET /api/product/list. Without any parameter it answers every product, oldest first, as the
 * spec's call does. With any of them it filters, sorts and pages on the server.
 */
export const productListQuerySchema = z.strictObject({
  q: queryParam(text(100)),
  mainCategory: queryParam(label),
  subCategory: queryParam(label),
  subSubCategory: queryParam(label),
  status: queryParam(z.enum(PRODUCT_TAGS, { error: `must be one of ${PRODUCT_TAGS.join(', ')}` })),
  sort: queryParam(z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` })),
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(PRODUCT_LIMITS.maxPageSize),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  /** How many products match the filters (all of them without parameters). */
  total: z.number().int().nonnegative(),
  /** Set when the call was paged. */
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /api/product/{id}: one product, e.g. for /list?edit={id} when it is not on the page shown. */
export const productResponseSchema = z.object({ success: z.literal(true), product: productSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** POST /api/product/add and PUT /api/product/update/{id}: the spec's answer, with the product as saved. */
export const productSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  product: productSchema,
});
export type ProductSavedResponse = z.infer<typeof productSavedResponseSchema>;

export const productIdParamsSchema = z.strictObject({ id: objectIdSchema });

/** POST /api/product/remove. */
export const removeProductRequestSchema = z.strictObject({ id: objectIdSchema });
export type RemoveProductRequest = z.infer<typeof removeProductRequestSchema>;

/** The realtime productsUpdated event. */
export const productsUpdatedEventSchema = z.object({
  action: z.enum(['added', 'updated', 'removed', 'moved']),
  id: z.string().optional(),
});
export type ProductsUpdatedEvent = z.infer<typeof productsUpdatedEventSchema>;

export const productUpdatePath = (id: string) => API_PATHS.productUpdate.replace(':id', encodeURIComponent(id));
export const productPath = (id: string) => API_PATHS.product.replace(':id', encodeURIComponent(id));

/*
 * The admin's Add and Modify forms (spec 1 sections 2.4, 2.7 and 5), checked with react-hook-form.
 * They hold what was typed; the admin's features/products/product-form.ts turns them into the
 * multipart fields above.
 */

/** The accessory flags' labels (spec 1 section 3, Accessory), in that order. */
export const ACCESSORY_FLAG_LABELS: Record<AccessoryFlag, string> = {
  outOfStock: 'Out of Stock',
  preOrder: 'Pre-order',
  notAvailableYet: 'Not Available Yet',
  comingSoon: 'Coming Soon',
  isNew: 'New',
  limitedEdition: 'Limited Edition',
};

/** A typed amount (text or number), checked as a price: '{label} is required', '{label} must be a number'. */
const priceInput = (label: string) =>
  z.union([z.string(), z.number()]).superRefine((value, ctx) => {
    const parsed = parsePriceCents(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `${label} ${parsed.problem}` });
  });

/** An image of a form: one the product already has (its URL), or a file picked in the browser. */
export const formImageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), url: z.string() }),
  z.object({ kind: z.literal('new'), file: z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob) }),
]);
export type FormImage = z.infer<typeof formImageSchema>;

export const accessoryFormSchema = z.object({
  name: z.string().trim().min(1, 'Accessory name is required').max(200, 'Accessory name is too long'),
  description: z.string().trim().max(2000, 'Accessory description is too long'),
  price: priceInput('Accessory price'),
  flags: z.array(z.enum(ACCESSORY_FLAGS)),
  images: z
    .array(formImageSchema)
    .max(PRODUCT_LIMITS.maxAccessoryImages, `Up to ${PRODUCT_LIMITS.maxAccessoryImages} images per accessory`),
});
export type AccessoryFormValues = z.input<typeof accessoryFormSchema>;

export const productFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Product Name is required').max(200, 'Product Name is too long'),
    description: z.string().trim().min(1, 'Description is required').max(5000, 'Description is too long'),
    price: priceInput('Price'),
    /** Modify only; empty means 0 (spec 1 section 5). */
    discount: z.union([z.string(), z.number()]).superRefine((value, ctx) => {
      const parsed = parseDiscount(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `Discount ${parsed.problem}` });
    }),
    mainCategory: z.string(),
    subCategory: z.string(),
    subSubCategory: z.string(),
    /** The status flags that are set. */
    tags: z.array(z.enum(PRODUCT_TAGS)),
    /** Colour names, in the order they were picked. */
    colors: z.array(z.string()),
    clothingSizes: z.array(z.string()),
    canvasSizes: z.array(z.string()),
    /** Count units per colour × size (decision 055); the grid's cells, quantities as typed. */
    trackStock: z.boolean(),
    stockLevels: z.array(
      z.object({
        color: z.string(),
        size: z.string(),
        quantity: z
          .number({ error: 'Units must be a whole number' })
          .int('Units must be a whole number')
          .min(0, 'Units must be 0 or more')
          .max(STOCK_LIMITS.maxQuantity, `Units must be at most ${STOCK_LIMITS.maxQuantity}`),
      }),
    ),
    /** Blank: the shop's default. */
    lowStockThreshold: z
      .string()
      .trim()
      .regex(/^\d{0,7}$/, 'Low-stock threshold must be a whole number or blank'),
    hasAccessory: z.boolean(),
    accessories: z
      .array(accessoryFormSchema)
      .max(PRODUCT_LIMITS.maxAccessories, `Up to ${PRODUCT_LIMITS.maxAccessories} accessories`),
  })
  .superRefine((value, ctx) => {
    if (value.hasAccessory && value.accessories.length < PRODUCT_LIMITS.minAccessories) {
      ctx.addIssue({ code: 'custom', path: ['accessories'], message: 'Add at least one accessory' });
    }
  });
export type ProductFormValues = z.input<typeof productFormSchema>;

import { z } from 'zod';
import { emailSchema, objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import { PRODUCT_TAGS } from './constants';
import { DISCOUNT_CODE_MAX, normaliseDiscountCode } from './domain/discount-code';
import { orderSchema } from './orders';
import { stockAnswerFields } from './products';
import { CUSTOMER_PATHS } from './routes';

/*
 * The storefront's catalogue, bundles, discount check, wishlist and order calls under
 * /api/customer (docs/customer-api.md; docs/decisions/031-storefront-orders.md). Money travels as
 * dollars with two decimals, as in every other answer, and is kept and added up as integer cents.
 * Prices always come from the database: an order's body carries product ids and quantities only.
 */

export const STOREFRONT_LIMITS = {
  productPageSize: 24,
  maxProductPageSize: 100,
  orderPageSize: 10,
  maxOrderPageSize: 50,
  maxOrderLines: 50,
  maxQuantity: 99,
  searchMax: 100,
  labelMax: 100,
} as const;

/** How a customer may pay. 'COD' orders are placed at once; the others wait for their payment. */
export const PAYMENT_METHODS = ['COD', 'Stripe', 'Razorpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const STOREFRONT_MESSAGES = {
  productNotFound: 'Product not found',
  orderPlaced: 'Order placed',
  addedToWishlist: 'Added to wishlist',
  removedFromWishlist: 'Removed from wishlist',
  wishlistLoaded: 'Wishlist loaded',
  discountApplies: 'Discount code applies',
  emptyOrder: 'items: add at least one product, or a bundleId',
} as const;

/** What an order line or a bundle's product cannot be, each message after the line's name. */
export const ORDER_LINE_PROBLEMS = {
  unavailable: 'this product is not available',
  outOfStock: 'is out of stock',
  notYetOnSale: 'is not on sale yet',
} as const;

/**
 * A line the shop has too few units for (docs/decisions/055-stock.md): the product, its colour and
 * size when it has them, and what is left — '"Golden Dragon" (Red, M): only 3 left'.
 */
export function stockShortfallProblem(name: string, variant: { color: string; size: string }, left: number): string {
  const which = [variant.color, variant.size].filter((part) => part !== '').join(', ');
  const what = `"${name}"${which ? ` (${which})` : ''}`;
  return left > 0 ? `${what}: only ${left} left` : `${what} ${ORDER_LINE_PROBLEMS.outOfStock}`;
}

const text = (max: number) => textSchema().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) =>
  textSchema({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

// ---------------------------------------------------------------------------------------------
// Catalogue

/**
 * GET /api/customer/products: always paged (pageSize 24 unless told, at most 100), newest first.
 * q matches the name (case-insensitive substring); category is a main category, subCategory
 * narrows it. Hidden categories and products with a hidden tag are never listed.
 */
export const customerProductListQuerySchema = z.strictObject({
  q: queryParam(text(STOREFRONT_LIMITS.searchMax)),
  category: queryParam(text(STOREFRONT_LIMITS.labelMax)),
  subCategory: queryParam(text(STOREFRONT_LIMITS.labelMax)),
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(STOREFRONT_LIMITS.maxProductPageSize),
});
export type CustomerProductListQuery = z.output<typeof customerProductListQuerySchema>;

export const customerProductColorSchema = z.object({
  color: z.string(),
  /** The URL of this colour's image, or null. */
  image: z.string().nullable(),
  outOfStock: z.boolean(),
});

/** A product as a customer sees it: no stock counts, no demo flag, no update time. */
export const customerProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars, before the product's discount. */
  price: z.number(),
  /** Percent, 0 to 100. */
  discount: z.number(),
  /** Dollars: what one piece costs, the discount applied (rounded to the cent). */
  finalPrice: z.number(),
  mainCategory: z.string(),
  subCategory: z.string(),
  subSubCategory: z.string(),
  /** Full-size image URLs, in order. */
  image: z.array(z.string()),
  thumbnails: z.array(z.string()),
  /** The product's tags that are set (bestseller, isNewProduct…), in PRODUCT_TAGS order. */
  tags: z.array(z.enum(PRODUCT_TAGS)),
  outOfStock: z.boolean(),
  /** The colours it comes in; an order line's color must be one of them. */
  colors: z.array(customerProductColorSchema),
  /** Sizes offered (clothing and canvas); an order line's size must be one of them. */
  sizes: z.array(z.string()),
  /** ISO timestamp of when it was added. */
  date: z.string(),
  ...stockAnswerFields,
});
export type CustomerProduct = z.infer<typeof customerProductSchema>;

export const customerProductListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(customerProductSchema),
  /** How many visible products match. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type CustomerProductListResponse = z.infer<typeof customerProductListResponseSchema>;

export const customerProductResponseSchema = z.object({ success: z.literal(true), product: customerProductSchema });
export type CustomerProductResponse = z.infer<typeof customerProductResponseSchema>;

export const customerProductParamsSchema = z.strictObject({ id: objectIdSchema });

// ---------------------------------------------------------------------------------------------
// Bundles

export const customerBundleProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Dollars, the product's own price after its discount (what it costs alone). */
  finalPrice: z.number(),
  /** The first image's URL, or null. */
  image: z.string().nullable(),
});

/** A bundle on sale now: its products all present, visible and in stock. */
export const customerBundleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Dollars: what the bundle costs. */
  price: z.number(),
  /** Dollars: what its products cost one by one. */
  productsPrice: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  images: z.array(z.string()),
  thumbnails: z.array(z.string()),
  products: z.array(customerBundleProductSchema),
});
export type CustomerBundle = z.infer<typeof customerBundleSchema>;

export const customerBundleListResponseSchema = z.object({
  success: z.literal(true),
  bundles: z.array(customerBundleSchema),
});
export type CustomerBundleListResponse = z.infer<typeof customerBundleListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Discount check

/** GET /api/customer/discounts/{code}: trimmed and upper-cased. */
export const customerDiscountParamsSchema = z.strictObject({
  code: textSchema({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(DISCOUNT_CODE_MAX, `must be at most ${DISCOUNT_CODE_MAX} characters`)
    .transform(normaliseDiscountCode),
});

export const customerDiscountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  discount: z.object({ code: z.string(), percentage: z.number().int() }),
});
export type CustomerDiscountResponse = z.infer<typeof customerDiscountResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Wishlist

export const customerWishlistRequestSchema = z.strictObject({ productId: objectIdSchema });
export const customerWishlistParamsSchema = z.strictObject({ productId: objectIdSchema });

export const customerWishlistEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.array(z.string()),
  price: z.number(),
  discount: z.number(),
  finalPrice: z.number(),
  mainCategory: z.string(),
  subCategory: z.string(),
  outOfStock: z.boolean(),
});
export type CustomerWishlistEntry = z.infer<typeof customerWishlistEntrySchema>;

/** My wishlist, newest saved first; products since hidden or deleted are left out. */
export const customerWishlistResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wishlist: z.array(customerWishlistEntrySchema),
});
export type CustomerWishlistResponse = z.infer<typeof customerWishlistResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

/** The delivery address (spec 2 section 3, Order address); state may be blank. */
export const customerAddressSchema = z.object(
  {
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailSchema,
    phone: textSchema({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(30, 'must be at most 30 characters')
      .regex(/^\+?[0-9][0-9 ().-]{4,}$/, 'must be a phone number (digits, spaces, + ( ) . -)'),
    street: requiredText(200),
    city: requiredText(100),
    state: text(100).default(''),
    zipcode: requiredText(20),
    country: requiredText(100),
  },
  { error: 'is required' },
);
export type CustomerAddress = z.output<typeof customerAddressSchema>;

/** One line: a product and how many. Any price sent is ignored (unknown fields are dropped). */
export const customerOrderLineSchema = z.object(
  {
    productId: objectIdSchema,
    quantity: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(STOREFRONT_LIMITS.maxQuantity, `must be at most ${STOREFRONT_LIMITS.maxQuantity}`),
    color: queryParam(text(STOREFRONT_LIMITS.labelMax)),
    size: queryParam(text(STOREFRONT_LIMITS.labelMax)),
  },
  { error: 'must be an object' },
);
export type CustomerOrderLine = z.output<typeof customerOrderLineSchema>;

/**
 * POST /api/customer/orders. At least one item or a bundle. Prices, amounts and totals are the
 * server's: fields such as price or amount are dropped unread.
 */
export const placeOrderRequestSchema = z.object({
  items: z
    .array(customerOrderLineSchema, { error: 'must be a list of { productId, quantity }' })
    .max(STOREFRONT_LIMITS.maxOrderLines, `must hold at most ${STOREFRONT_LIMITS.maxOrderLines} lines`)
    .default([]),
  address: customerAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
  discountCode: queryParam(
    textSchema({ error: 'must be text' })
      .trim()
      .max(DISCOUNT_CODE_MAX, `must be at most ${DISCOUNT_CODE_MAX} characters`)
      .transform(normaliseDiscountCode),
  ),
  bundleId: queryParam(objectIdSchema),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

/** An order as its customer sees it: the admin's fields (userId, who changed the status) left out. */
export const customerOrderSchema = orderSchema.omit({ userId: true, lastStatusChange: true }).extend({
  /** Dollars: the items at their prices, before the discount code. */
  itemsTotal: z.number(),
  /** The code this order used, and its percentage, or null. */
  redeemedDiscount: z.object({ code: z.string(), percentage: z.number().int() }).nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: customerOrderSchema,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const customerOrderListQuerySchema = z.strictObject({
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(STOREFRONT_LIMITS.maxOrderPageSize),
});

export const customerOrderListResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(customerOrderSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type CustomerOrderListResponse = z.infer<typeof customerOrderListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Pricing rules (pure)

/**
 * Splits `totalCents` over parts in proportion to `weights` (largest remainder), so the parts are
 * whole cents and add up to the total exactly: a bundle's price over its products' own prices.
 * Equal parts when every weight is 0.
 */
export function apportionCents(totalCents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  const shares = weights.map((w) => (sum > 0 ? (totalCents * Math.max(0, w)) / sum : totalCents / weights.length));
  const parts = shares.map(Math.floor);
  let left = totalCents - parts.reduce((a, p) => a + p, 0);
  const byRemainder = shares.map((s, i) => ({ i, r: s - Math.floor(s) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** The amount charged: the items' total less the code's percentage, rounded to the cent. */
export function orderAmountCents(itemsTotalCents: number, percentage: number | null): number {
  if (!percentage) return itemsTotalCents;
  return itemsTotalCents - Math.round((itemsTotalCents * percentage) / 100);
}

/** The status a new order gets: cash on delivery is placed at once, the others wait for their payment. */
export function newOrderStatus(method: PaymentMethod): 'Order Placed' | 'Payment Pending' {
  return method === 'COD' ? 'Order Placed' : 'Payment Pending';
}

/** The spec's item color text, 'color|size', either part 'null' when not chosen; null when neither is. */
export function itemVariantText(color: string | undefined, size: string | undefined): string | null {
  if (!color && !size) return null;
  return `${color ?? 'null'}|${size ?? 'null'}`;
}

export const customerProductPath = (id: string) => CUSTOMER_PATHS.product.replace(':id', encodeURIComponent(id));
export const customerDiscountPath = (code: string) =>
  CUSTOMER_PATHS.discount.replace(':code', encodeURIComponent(code));
export const customerWishlistItemPath = (productId: string) =>
  CUSTOMER_PATHS.wishlistItem.replace(':productId', encodeURIComponent(productId));

import { z } from 'zod';
import { queryParam, textSchema, wholeQueryParam } from './common';
import { DISCOUNT_MAX_USAGES, DISCOUNT_PERCENTAGES } from './domain/discount-choices';
import { DISCOUNT_CODE_MAX, normaliseDiscountCode } from './domain/discount-code';
import { datePart } from './domain/discount-dates';
import { DISCOUNT_STATUSES } from './domain/discount-status';
import { isObjectId } from './domain/object-id';
import type { API_PATHS } from './routes';

/*
 * Discount codes (spec 2 sections 2 to 9, issue 11; docs/decisions/027-discount-codes.md).
 * Dates are calendar days (yyyy-mm-dd) in the shop's time zone; the server makes the code.
 */

export const DISCOUNT_LIMITS = { maxPageSize: 100, descriptionMax: 500 } as const;

/** Who a code is reserved for: the user, or { _id: null, name: null, email: null } for a deleted account ('Unknown User'). */
export const discountAssigneeSchema = z.object({
  _id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type DiscountAssignee = z.infer<typeof discountAssigneeSchema>;

/** A discount code as the screen reads it (spec 2 section 3, Discount code). */
export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  /** Shown as Title / Notes; '' when none. */
  description: z.string(),
  percentage: z.number().int(),
  /** yyyy-mm-dd, the first day it works in the shop's time zone. */
  startDate: z.string(),
  /** yyyy-mm-dd, the last day it works (through the end of that day in the shop's time zone). */
  endDate: z.string(),
  /** null: unlimited. */
  maxUsage: z.number().int().nullable(),
  usageCount: z.number().int().nonnegative(),
  /** null: every customer may use it. */
  assignedTo: discountAssigneeSchema.nullable(),
  isActive: z.boolean(),
  /** Computed on the server's today in SHOP_TIMEZONE: active means redeemable now. */
  status: z.enum(DISCOUNT_STATUSES),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

const choicesText = (choices: readonly (number | null)[]) =>
  choices.map((c) => (c === null ? 'null' : String(c))).join(', ');
const PERCENTAGE_ERROR = `must be one of ${choicesText(DISCOUNT_PERCENTAGES)}`;
const MAX_USAGE_ERROR = `must be null (unlimited) or one of ${choicesText(DISCOUNT_MAX_USAGES.filter((c) => c !== null))}`;

/** A number, or its digits as text (a select's value). */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value;

const percentageField = z.preprocess(
  digitsToNumber,
  z.number({ error: PERCENTAGE_ERROR }).refine((v) => DISCOUNT_PERCENTAGES.includes(v), PERCENTAGE_ERROR),
);

/** Empty or absent is null (unlimited). */
const maxUsageField = z.preprocess(
  (value) => (value === '' || value === undefined ? null : digitsToNumber(value)),
  z
    .number({ error: MAX_USAGE_ERROR })
    .refine((v) => DISCOUNT_MAX_USAGES.includes(v), MAX_USAGE_ERROR)
    .nullable(),
);

/** A user's id; empty or absent is null (every customer). */
const assignedToField = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  textSchema({ error: 'must be a user id or null' })
    .trim()
    .refine(isObjectId, 'must be a 24-character hex user id or null')
    .nullable(),
);

/** 'yyyy-mm-dd', or an ISO date and time whose date part counts. */
const dateField = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'must be a date such as 2026-12-01')
  .transform((value, ctx) => {
    const day = datePart(value);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a date such as 2026-12-01' });
      return z.NEVER;
    }
    return day;
  });

const descriptionField = textSchema({ error: 'must be text' })
  .trim()
  .max(DISCOUNT_LIMITS.descriptionMax, `must be at most ${DISCOUNT_LIMITS.descriptionMax} characters`);

const discountFields = {
  description: z.preprocess((v) => (v === null || v === undefined ? '' : v), descriptionField),
  percentage: percentageField,
  startDate: dateField,
  endDate: dateField,
  assignedTo: assignedToField,
  maxUsage: maxUsageField,
};

const endNotBeforeStart = (value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (value.endDate < value.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
};

/** POST /api/discounts/create: { description, percentage, startDate, endDate, assignedTo, maxUsage }. */
export const createDiscountRequestSchema = z.strictObject(discountFields).superRefine(endNotBeforeStart);
export type CreateDiscountRequest = z.input<typeof createDiscountRequestSchema>;
export type CreateDiscountInput = z.output<typeof createDiscountRequestSchema>;

/**
 * PUT /api/discounts/{code}: the full discount with assignedTo as an id, maxUsage and isActive.
 * Fields the screen sends along from the list (_id, code, usageCount, status, createdAt) are
 * ignored: the code and the count never change here.
 */
export const updateDiscountRequestSchema = z
  .object({ ...discountFields, isActive: z.boolean({ error: 'must be true or false' }) })
  .superRefine(endNotBeforeStart);
export type UpdateDiscountRequest = z.input<typeof updateDiscountRequestSchema>;
export type UpdateDiscountInput = z.output<typeof updateDiscountRequestSchema>;

/** The code in the path: trimmed and upper-cased. */
export const discountParamsSchema = z.strictObject({
  code: textSchema({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(DISCOUNT_CODE_MAX, `must be at most ${DISCOUNT_CODE_MAX} characters`)
    .transform(normaliseDiscountCode),
});

/** The status filter: All Status (empty) or one status. */
export const DISCOUNT_STATUS_FILTERS = DISCOUNT_STATUSES;

/**
 * GET /api/discounts/list. Without parameters every code, newest first, as the spec's call does;
 * with any of them one page of the codes with that status, plus the number that match.
 */
export const discountListQuerySchema = z.strictObject({
  status: queryParam(
    z.enum(DISCOUNT_STATUS_FILTERS, { error: `must be one of ${DISCOUNT_STATUS_FILTERS.join(', ')}` }),
  ),
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(DISCOUNT_LIMITS.maxPageSize),
});
export type DiscountListQuery = z.output<typeof discountListQuerySchema>;

export const discountListResponseSchema = z.object({
  success: z.literal(true),
  discounts: z.array(discountSchema),
  /** How many codes match (all of them without parameters). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
  /** Today in the shop's time zone (yyyy-mm-dd): the create form's default start date. */
  today: z.string(),
});
export type DiscountListResponse = z.infer<typeof discountListResponseSchema>;

/** What create and update answer: the spec's message and the code as now stored. */
export const discountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  discount: discountSchema,
});
export type DiscountResponse = z.infer<typeof discountResponseSchema>;

/** The realtime discountsUpdated event, to admins after a code is created, changed, deleted or used. */
export const discountsUpdatedEventSchema = z.object({
  action: z.enum(['created', 'updated', 'deleted', 'redeemed']),
  code: z.string(),
});
export type DiscountsUpdatedEvent = z.infer<typeof discountsUpdatedEventSchema>;

export const DISCOUNT_MESSAGES = {
  notFound: 'Discount code not found',
  assigneeNotFound: 'assignedTo: no user has this id',
} as const;

/** PUT or DELETE /api/discounts/{code}. */
export function discountPath(path: (typeof API_PATHS)['discount'], code: string): string {
  return path.replace(':code', encodeURIComponent(code));
}

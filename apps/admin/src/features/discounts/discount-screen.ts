import {
  addMonths,
  type CreateDiscountRequest,
  createDiscountRequestSchema,
  DISCOUNT_MAX_USAGES,
  DISCOUNT_SCREEN_TEXT,
  DISCOUNT_STATUS_LABELS,
  DISCOUNT_STATUSES,
  type Discount,
  type DiscountStatus,
  maxUsageLabel,
  type UpdateDiscountRequest,
  updateDiscountRequestSchema,
} from '@backroom/contract';

/*
 * What the Discount Codes screen (spec 2 section 2, issue 11) shows and how its forms read and
 * write a code. The calls' own rules live in the contract's discounts.ts and domain/discount-*
 * files; the screen's labels (DISCOUNT_SCREEN_TEXT) and its days (formatDiscountDay) are the
 * contract's too, since the browser tests read them.
 */

/** The codes a page of the list shows. */
export const DISCOUNT_PAGE_SIZE = 20;

/** The status filter's choices: All Status (''), then each status the server computes. */
export const DISCOUNT_STATUS_FILTER_OPTIONS: readonly { value: DiscountStatus | ''; label: string }[] = [
  { value: '', label: DISCOUNT_SCREEN_TEXT.allStatus },
  ...DISCOUNT_STATUSES.map((status) => ({ value: status, label: DISCOUNT_STATUS_LABELS[status] })),
];

/** The status filter as the URL keeps it: a known status, else All Status (''). */
export function readDiscountStatusFilter(value: string | null): DiscountStatus | '' {
  return DISCOUNT_STATUSES.find((status) => status === value) ?? '';
}

/** The page as the URL keeps it: a whole number from 1, else 1. */
export function readDiscountPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/** The list call's query: always one page, so a long list never arrives whole. */
export function discountListSearch(status: DiscountStatus | '', page: number): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  params.set('page', String(page));
  params.set('pageSize', String(DISCOUNT_PAGE_SIZE));
  return params.toString();
}

/**
 * The create and edit forms' values, as their inputs hold them: the selects' values are text,
 * '' is unlimited (maxUsage) or all users (assignedTo). The contract's request schemas read them.
 */
export interface DiscountFormValues {
  description: string;
  percentage: string;
  startDate: string;
  endDate: string;
  maxUsage: string;
  assignedTo: string;
  /** The edit form's Status select: 'true' Active, 'false' Inactive. */
  isActive: 'true' | 'false';
}

export type DiscountFormField = keyof DiscountFormValues;

/**
 * The edit form's Assigned To when the code was reserved for an account since deleted (the server
 * switched it off): saving needs a choice, since sending null would open it to everyone.
 */
export const UNKNOWN_ASSIGNEE = 'unknown';

/** Create New Discount's defaults (spec 2 section 5): start today, end one month later, unlimited, all users. */
export function newDiscountFormValues(today: string): DiscountFormValues {
  return {
    description: '',
    percentage: '',
    startDate: today,
    endDate: addMonths(today, 1),
    maxUsage: '',
    assignedTo: '',
    isActive: 'true',
  };
}

/** Edit Discount's values from a listed code: the date parts, the choices as text, the assignee's id. */
export function discountFormValues(discount: Discount): DiscountFormValues {
  return {
    description: discount.description,
    percentage: String(discount.percentage),
    startDate: discount.startDate.slice(0, 10),
    endDate: discount.endDate.slice(0, 10),
    maxUsage: discount.maxUsage === null ? '' : String(discount.maxUsage),
    assignedTo: discount.assignedTo === null ? '' : (discount.assignedTo._id ?? UNKNOWN_ASSIGNEE),
    isActive: discount.isActive ? 'true' : 'false',
  };
}

/** PUT /api/discounts/{code}'s body: the full discount, with the form's values and assignedTo as an id. */
export function updateDiscountBody(discount: Discount, values: DiscountFormValues): UpdateDiscountRequest {
  return {
    ...discount,
    description: values.description,
    percentage: values.percentage,
    startDate: values.startDate,
    endDate: values.endDate,
    maxUsage: values.maxUsage,
    assignedTo: values.assignedTo,
    isActive: values.isActive === 'true',
  };
}

/** The Max Usage select's choices: Unlimited ('') then 1 to 100. */
export const MAX_USAGE_OPTIONS: readonly { value: string; label: string }[] = DISCOUNT_MAX_USAGES.map((choice) => ({
  value: choice === null ? '' : String(choice),
  label: maxUsageLabel(choice),
}));

/** The forms' field names as their labels say them. */
export const DISCOUNT_FIELD_LABELS: Record<DiscountFormField, string> = {
  description: 'Title',
  percentage: 'Percentage',
  startDate: 'Start Date',
  endDate: 'End Date',
  maxUsage: 'Max Usage',
  assignedTo: 'Assigned To',
  isActive: 'Status',
};

const REQUIRED: readonly DiscountFormField[] = ['percentage', 'startDate', 'endDate'];

/**
 * A field's error as the form shows it, naming the field ('Percentage is required', 'End Date
 * must not be before Start Date'): the schema's message, field names in it told by their labels.
 */
export function discountFieldMessage(field: DiscountFormField, message: string, value?: string): string {
  const label = DISCOUNT_FIELD_LABELS[field];
  if (field === 'assignedTo' && value === UNKNOWN_ASSIGNEE) return DISCOUNT_SCREEN_TEXT.unknownAssignee;
  if (REQUIRED.includes(field) && (value === undefined || value.trim() === '')) return `${label} is required`;
  let text = message;
  for (const [name, other] of Object.entries(DISCOUNT_FIELD_LABELS)) {
    text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), other);
  }
  return text.startsWith(label) ? text : `${label} ${text}`;
}

/** A status badge's background and text colours, each pair above WCAG's 4.5:1 (as the order badges). */
export const DISCOUNT_STATUS_TONES: Readonly<Record<DiscountStatus, { background: string; text: string }>> = {
  active: { background: '#cce2d8', text: '#005a30' },
  inactive: { background: '#e9ecef', text: '#343a40' },
  scheduled: { background: '#d0ebff', text: '#1864ab' },
  expired: { background: '#f4cdc6', text: '#942514' },
  usedUp: { background: '#fff7bf', text: '#594d00' },
};

/** Create New Discount's body: the form's values without the edit form's Status. */
export function createDiscountBody(values: DiscountFormValues): CreateDiscountRequest {
  const { isActive: _status, ...body } = values;
  return body;
}

/**
 * The forms' errors from the contract's request schemas, one per field, each naming its field;
 * empty when the values can be sent. `discount` is the code being edited (none when creating).
 */
export function discountFormErrors(
  values: DiscountFormValues,
  discount?: Discount,
): Partial<Record<DiscountFormField, string>> {
  const result = discount
    ? updateDiscountRequestSchema.safeParse(updateDiscountBody(discount, values))
    : createDiscountRequestSchema.safeParse(createDiscountBody(values));
  const errors: Partial<Record<DiscountFormField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in DISCOUNT_FIELD_LABELS)) continue;
    const name = field as DiscountFormField;
    errors[name] ??= discountFieldMessage(name, issue.message, values[name]);
  }
  return errors;
}

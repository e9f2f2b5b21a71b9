import { DISCOUNT_SCREEN_TEXT, type Discount, updateDiscountRequestSchema } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  createDiscountBody,
  DISCOUNT_PAGE_SIZE,
  DISCOUNT_STATUS_FILTER_OPTIONS,
  discountFieldMessage,
  discountFormErrors,
  discountFormValues,
  discountListSearch,
  MAX_USAGE_OPTIONS,
  newDiscountFormValues,
  readDiscountPage,
  readDiscountStatusFilter,
  UNKNOWN_ASSIGNEE,
  updateDiscountBody,
} from './discount-screen';

const discount: Discount = {
  _id: '6740a1b2c3d4e5f6a7b8c9d0',
  code: 'K7PQ2M9X',
  description: 'Winter sale',
  percentage: 15,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  maxUsage: 10,
  usageCount: 3,
  assignedTo: { _id: '6740a1b2c3d4e5f6a7b8c9d1', name: 'Ada Lovelace', email: 'ada@example.com' },
  isActive: true,
  status: 'active',
  createdAt: '2026-11-01T08:00:00.000Z',
};

describe('discount screen: the status filter and paging', () => {
  it('offers All Status, then Active, Inactive and the truthful statuses', () => {
    expect(DISCOUNT_STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Status',
      'Active',
      'Inactive',
      'Scheduled',
      'Expired',
      'Used up',
    ]);
    expect(DISCOUNT_STATUS_FILTER_OPTIONS[0]?.value).toBe('');
  });

  it('reads the filter and the page from the URL, anything else taking the default', () => {
    expect(readDiscountStatusFilter('usedUp')).toBe('usedUp');
    expect(readDiscountStatusFilter('Active')).toBe('');
    expect(readDiscountStatusFilter(null)).toBe('');
    expect(readDiscountPage('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'x', '99999999']) expect(readDiscountPage(bad)).toBe(1);
  });

  it('always asks for one page, with the status when one is chosen', () => {
    expect(discountListSearch('', 1)).toBe(`page=1&pageSize=${DISCOUNT_PAGE_SIZE}`);
    expect(discountListSearch('expired', 4)).toBe(`status=expired&page=4&pageSize=${DISCOUNT_PAGE_SIZE}`);
  });
});

describe('discount screen: the forms', () => {
  it('starts Create New Discount today, ending one month later, unlimited, for all users', () => {
    expect(newDiscountFormValues('2026-01-31')).toEqual({
      description: '',
      percentage: '',
      startDate: '2026-01-31',
      endDate: '2026-02-28',
      maxUsage: '',
      assignedTo: '',
      isActive: 'true',
    });
  });

  it('offers Unlimited then 1 to 100 as Max Usage', () => {
    expect(MAX_USAGE_OPTIONS.map((o) => o.label)).toEqual(['Unlimited', '1', '5', '10', '25', '50', '100']);
    expect(MAX_USAGE_OPTIONS[0]?.value).toBe('');
  });

  it('fills Edit Discount from a code and sends the full discount back with the assignee as an id', () => {
    const values = discountFormValues({ ...discount, startDate: '2026-11-01T00:00:00.000Z' });
    expect(values).toEqual({
      description: 'Winter sale',
      percentage: '15',
      startDate: '2026-11-01',
      endDate: '2026-12-01',
      maxUsage: '10',
      assignedTo: '6740a1b2c3d4e5f6a7b8c9d1',
      isActive: 'true',
    });
    const body = updateDiscountBody(discount, { ...values, isActive: 'false', maxUsage: '' });
    expect(body).toMatchObject({ code: 'K7PQ2M9X', assignedTo: '6740a1b2c3d4e5f6a7b8c9d1', isActive: false });
    expect(updateDiscountRequestSchema.parse(body)).toEqual({
      description: 'Winter sale',
      percentage: 15,
      startDate: '2026-11-01',
      endDate: '2026-12-01',
      maxUsage: null,
      assignedTo: '6740a1b2c3d4e5f6a7b8c9d1',
      isActive: false,
    });
  });

  it('sends all users and unlimited as null', () => {
    const values = discountFormValues({ ...discount, assignedTo: null, maxUsage: null });
    expect(values.assignedTo).toBe('');
    expect(values.maxUsage).toBe('');
    const parsed = updateDiscountRequestSchema.parse(updateDiscountBody(discount, values));
    expect(parsed.assignedTo).toBeNull();
    expect(parsed.maxUsage).toBeNull();
  });

  it('asks for a choice when the code was reserved for a deleted account, instead of opening it to everyone', () => {
    const values = discountFormValues({ ...discount, assignedTo: { _id: null, name: null, email: null } });
    expect(values.assignedTo).toBe(UNKNOWN_ASSIGNEE);
    expect(updateDiscountRequestSchema.safeParse(updateDiscountBody(discount, values)).success).toBe(false);
    expect(discountFieldMessage('assignedTo', 'must be a user id', UNKNOWN_ASSIGNEE)).toBe(
      DISCOUNT_SCREEN_TEXT.unknownAssignee,
    );
  });

  it('names the field in each message', () => {
    expect(discountFieldMessage('percentage', 'must be one of 5, 10', '')).toBe('Percentage is required');
    expect(discountFieldMessage('percentage', 'must be one of 5, 10', '7')).toBe('Percentage must be one of 5, 10');
    expect(discountFieldMessage('startDate', 'is required', '')).toBe('Start Date is required');
    expect(discountFieldMessage('endDate', 'must not be before startDate', '2026-01-01')).toBe(
      'End Date must not be before Start Date',
    );
    expect(discountFieldMessage('description', 'must be at most 500 characters', 'x')).toBe(
      'Title must be at most 500 characters',
    );
  });

  it('checks the create form with the create schema: percentage and dates required, end not before start', () => {
    const defaults = newDiscountFormValues('2026-11-24');
    expect(discountFormErrors(defaults)).toEqual({ percentage: 'Percentage is required' });
    expect(discountFormErrors({ ...defaults, percentage: '20' })).toEqual({});
    expect(createDiscountBody({ ...defaults, percentage: '20' })).toEqual({
      description: '',
      percentage: '20',
      startDate: '2026-11-24',
      endDate: '2026-12-24',
      maxUsage: '',
      assignedTo: '',
    });
    expect(
      discountFormErrors({ ...defaults, percentage: '20', startDate: '', endDate: '2026-11-01', maxUsage: '7' }),
    ).toEqual({
      startDate: 'Start Date is required',
      maxUsage: 'Max Usage must be null (unlimited) or one of 1, 5, 10, 25, 50, 100',
    });
    expect(discountFormErrors({ ...defaults, percentage: '20', endDate: '2026-11-23' })).toEqual({
      endDate: 'End Date must not be before Start Date',
    });
  });

  it('checks the edit form with the update schema', () => {
    const values = discountFormValues(discount);
    expect(discountFormErrors(values, discount)).toEqual({});
    expect(discountFormErrors({ ...values, percentage: '' }, discount)).toEqual({
      percentage: 'Percentage is required',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { assigneeLabel, type DiscountState, discountStatus, redemptionRefusal } from './discount-status';

const code: DiscountState = {
  isActive: true,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  maxUsage: 10,
  usageCount: 3,
};

describe('discountStatus', () => {
  it('is Active on every day of the window, both ends included', () => {
    for (const day of ['2026-12-01', '2026-12-15', '2026-12-31']) expect(discountStatus(code, day)).toBe('active');
  });
  it('is Scheduled before the first day and Expired after the last', () => {
    expect(discountStatus(code, '2026-11-30')).toBe('scheduled');
    expect(discountStatus(code, '2027-01-01')).toBe('expired');
  });
  it('is Used up once the count reaches the maximum, or after it was lowered below the count', () => {
    expect(discountStatus({ ...code, usageCount: 10 }, '2026-12-10')).toBe('usedUp');
    expect(discountStatus({ ...code, maxUsage: 1 }, '2026-12-10')).toBe('usedUp');
    expect(discountStatus({ ...code, maxUsage: null, usageCount: 10_000 }, '2026-12-10')).toBe('active');
  });
  it('is Inactive when switched off, whatever else holds', () => {
    expect(discountStatus({ ...code, isActive: false }, '2026-12-10')).toBe('inactive');
    expect(discountStatus({ ...code, isActive: false, usageCount: 10 }, '2027-05-01')).toBe('inactive');
  });
  it('says Expired over Used up, and Used up over Scheduled', () => {
    expect(discountStatus({ ...code, usageCount: 10 }, '2027-01-01')).toBe('expired');
    expect(discountStatus({ ...code, usageCount: 10 }, '2026-11-01')).toBe('usedUp');
  });
});

describe('redemptionRefusal', () => {
  const open = { ...code, assignedTo: null, assigneeDeleted: false };
  it('lets anyone use an open code in its window under its limit', () => {
    expect(redemptionRefusal(open, '2026-12-31', 'c1')).toBeNull();
  });
  it('tells each reason', () => {
    expect(redemptionRefusal(undefined, '2026-12-10', 'c1')).toBe('unknown');
    expect(redemptionRefusal({ ...open, isActive: false }, '2026-12-10', 'c1')).toBe('inactive');
    expect(redemptionRefusal({ ...open, assignedTo: 'c2' }, '2026-12-10', 'c1')).toBe('notYours');
    expect(redemptionRefusal({ ...open, assignedTo: null, assigneeDeleted: true }, '2026-12-10', 'c1')).toBe(
      'notYours',
    );
    expect(redemptionRefusal(open, '2026-11-30', 'c1')).toBe('notYetValid');
    expect(redemptionRefusal(open, '2027-01-01', 'c1')).toBe('expired');
    expect(redemptionRefusal({ ...open, usageCount: 10 }, '2026-12-10', 'c1')).toBe('usedUp');
  });
  it('lets the customer a code is reserved for use it', () => {
    expect(redemptionRefusal({ ...open, assignedTo: 'c1' }, '2026-12-10', 'c1')).toBeNull();
  });
});

describe('assigneeLabel', () => {
  it('shows All users, the name, the e-mail, or Unknown User', () => {
    expect(assigneeLabel(null)).toBe('All users');
    expect(assigneeLabel({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(assigneeLabel({ name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(assigneeLabel({ name: null, email: null })).toBe('Unknown User');
  });
});

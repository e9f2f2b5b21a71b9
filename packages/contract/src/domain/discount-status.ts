/*
 * A discount code's status tells the whole truth (issue 11): Inactive when switched off; an active
 * code that cannot be used today says why (Expired, Used up, Scheduled); Active means redeemable
 * now. The server computes the same in SQL (apps/api/src/modules/discounts/repository.ts); its
 * tests check that both agree.
 */

/** The statuses in the order they win when several hold: inactive, expired, used up, scheduled. */
export const DISCOUNT_STATUSES = ['active', 'inactive', 'scheduled', 'expired', 'usedUp'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  scheduled: 'Scheduled',
  expired: 'Expired',
  usedUp: 'Used up',
};

/** What the status and the redemption read of a code. Dates yyyy-mm-dd, calendar days in the shop's zone. */
export interface DiscountState {
  isActive: boolean;
  startDate: string;
  endDate: string;
  maxUsage: number | null;
  usageCount: number;
}

/** The status of a code on `today` (yyyy-mm-dd in the shop's time zone). */
export function discountStatus(d: DiscountState, today: string): DiscountStatus {
  if (!d.isActive) return 'inactive';
  if (today > d.endDate) return 'expired';
  if (d.maxUsage !== null && d.usageCount >= d.maxUsage) return 'usedUp';
  if (today < d.startDate) return 'scheduled';
  return 'active';
}

/** Why a customer cannot use a code. */
export const REDEMPTION_REFUSALS = ['unknown', 'inactive', 'notYours', 'expired', 'usedUp', 'notYetValid'] as const;
export type RedemptionRefusal = (typeof REDEMPTION_REFUSALS)[number];

export const REDEMPTION_MESSAGES: Record<RedemptionRefusal, string> = {
  unknown: 'This discount code does not exist',
  inactive: 'This discount code is not active',
  notYours: 'This discount code is reserved for another customer',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has reached its usage limit',
  notYetValid: 'This discount code is not valid yet',
};

export interface RedeemableCode extends DiscountState {
  /** The customer it is reserved for, or null for everyone. */
  assignedTo: string | null;
  /** It was reserved for an account that has since been deleted: nobody may use it. */
  assigneeDeleted: boolean;
}

/**
 * Why `customerId` cannot use the code today, or null when it can: the conditions of the
 * redemption statement, in the status's order.
 */
export function redemptionRefusal(
  code: RedeemableCode | undefined,
  today: string,
  customerId: string,
): RedemptionRefusal | null {
  if (!code) return 'unknown';
  if (!code.isActive) return 'inactive';
  if (code.assigneeDeleted || (code.assignedTo !== null && code.assignedTo !== customerId)) return 'notYours';
  const status = discountStatus(code, today);
  if (status === 'expired') return 'expired';
  if (status === 'usedUp') return 'usedUp';
  if (status === 'scheduled') return 'notYetValid';
  return null;
}

/** The Assigned To column: 'All users' when empty, the name or the e-mail, 'Unknown User' when the id resolves to nobody. */
export function assigneeLabel(assignedTo: { name: string | null; email: string | null } | null): string {
  if (assignedTo === null) return 'All users';
  return assignedTo.name || assignedTo.email || 'Unknown User';
}

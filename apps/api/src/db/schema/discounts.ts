import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/**
 * Discount codes (spec 2 section 3; docs/decisions/027-discount-codes.md). Validity is a range of
 * calendar days in the shop's time zone (SHOP_TIMEZONE), both ends included. Codes are made by the
 * server, upper case; usage_count is only ever raised by the redemption statement.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    /** Title / Notes; '' when none. */
    description: text('description').notNull().default(''),
    percentage: smallint('percentage').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** null: unlimited. May be lowered below usage_count: the code is then used up. */
    maxUsage: integer('max_usage'),
    usageCount: integer('usage_count').notNull().default(0),
    /** The one customer who may use it; null: everyone (unless assignee_deleted). */
    assignedTo: idRef('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /**
     * It was reserved for an account since deleted: a trigger on users sets this and is_active false
     * before the foreign key empties assigned_to, so the code never opens to everyone.
     */
    assigneeDeleted: boolean('assignee_deleted').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    check('discount_codes_code_check', sql`${t.code} = upper(${t.code}) and char_length(${t.code}) between 4 and 32`),
    check('discount_codes_percentage_check', sql`${t.percentage} between 5 and 100 and ${t.percentage} % 5 = 0`),
    check('discount_codes_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('discount_codes_max_usage_check', sql`${t.maxUsage} is null or ${t.maxUsage} > 0`),
    check('discount_codes_usage_count_check', sql`${t.usageCount} >= 0`),
    check('discount_codes_assignee_check', sql`not (${t.assigneeDeleted} and ${t.assignedTo} is not null)`),
    // The list: newest first.
    index('discount_codes_created_at_idx').on(t.createdAt, t.id),
    index('discount_codes_assigned_to_idx').on(t.assignedTo),
  ],
);

/**
 * Every use of a code, written by the redemption statement with the count. The code's text and
 * percentage are kept, so an order that used a code keeps them when the code is changed, used up
 * or deleted (orders.discount_code is text too).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: idColumn(),
    /** null once the code is deleted; code and percentage stay. */
    discountId: idRef('discount_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    percentage: smallint('percentage').notNull(),
    /** The customer; null once the account is deleted. */
    userId: idRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order it was used for, when the caller names one (no foreign key: the order may be written after). */
    orderId: idRef('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('discount_redemptions_discount_id_idx').on(t.discountId),
    index('discount_redemptions_user_id_idx').on(t.userId),
    index('discount_redemptions_order_id_idx').on(t.orderId),
  ],
);

import type { DiscountStatus } from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A discount code as read, with its assignee's name and e-mail and its status on `today`. */
export interface DiscountRow {
  id: string;
  code: string;
  description: string;
  percentage: number;
  startDate: string;
  endDate: string;
  maxUsage: number | null;
  usageCount: number;
  assignedTo: string | null;
  assigneeDeleted: boolean;
  /** null when assigned_to names no user (cannot happen with the foreign key, kept for safety). */
  assigneeName: string | null;
  assigneeEmail: string | null;
  isActive: boolean;
  status: DiscountStatus;
  /** ISO timestamp in UTC, millisecond precision (made in SQL: parsing 10k dates in Node is slower). */
  createdAt: string;
}

/** What create and update write. */
export interface DiscountValues {
  description: string;
  percentage: number;
  startDate: string;
  endDate: string;
  maxUsage: number | null;
  assignedTo: string | null;
  isActive: boolean;
}

/**
 * The status on `today` in SQL: the same rules, in the same order, as the contract's
 * discountStatus (packages/contract/src/domain/discount-status.ts); the tests check they agree.
 */
export const statusSql = (today: string): SQL => sql`CASE
    WHEN NOT d.is_active THEN 'inactive'
    WHEN ${today}::date > d.end_date THEN 'expired'
    WHEN d.max_usage IS NOT NULL AND d.usage_count >= d.max_usage THEN 'usedUp'
    WHEN ${today}::date < d.start_date THEN 'scheduled'
    ELSE 'active' END`;

const selected = (today: string): SQL => sql`
  d.id, d.code, d.description, d.percentage::int AS percentage,
  d.start_date::text AS "startDate", d.end_date::text AS "endDate",
  d.max_usage AS "maxUsage", d.usage_count AS "usageCount",
  d.assigned_to AS "assignedTo", d.assignee_deleted AS "assigneeDeleted",
  u.name AS "assigneeName", u.email AS "assigneeEmail",
  d.is_active AS "isActive", ${statusSql(today)} AS status,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

const FROM = sql.raw('discount_codes d LEFT JOIN users u ON u.id = d.assigned_to');
const NEWEST_FIRST = sql.raw('d.created_at DESC, d.id DESC');

type Row = DiscountRow & Record<string, unknown>;

/** Every code, newest first (GET /api/discounts/list without parameters). */
export async function listAllDiscounts(db: DbOrTx, today: string): Promise<DiscountRow[]> {
  const result = await db.execute<Row>(sql`SELECT ${selected(today)} FROM ${FROM} ORDER BY ${NEWEST_FIRST}`);
  return result.rows;
}

/**
 * One page of the codes with a status (or all), newest first, and how many match. A query
 * builder, so a bench can time the same SQL.
 */
export function discountPageSql(
  today: string,
  status: DiscountStatus | undefined,
  page: { limit: number; offset: number },
): SQL {
  const where = status ? sql`${statusSql(today)} = ${status}` : sql`true`;
  return sql`
    SELECT ${selected(today)}, count(*) OVER ()::int AS total
      FROM ${FROM}
     WHERE ${where}
     ORDER BY ${NEWEST_FIRST}
     LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export async function listDiscountPage(
  db: DbOrTx,
  today: string,
  status: DiscountStatus | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: DiscountRow[]; total: number }> {
  const result = await db.execute<Row & { total: number }>(discountPageSql(today, status, page));
  if (result.rows.length > 0) return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
  // A page past the end carries no row to read the number from.
  const where = status ? sql`${statusSql(today)} = ${status}` : sql`true`;
  const count = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM discount_codes d WHERE ${where}`,
  );
  return { rows: [], total: count.rows[0]?.total ?? 0 };
}

export async function findDiscount(db: DbOrTx, today: string, code: string): Promise<DiscountRow | undefined> {
  const result = await db.execute<Row>(sql`SELECT ${selected(today)} FROM ${FROM} WHERE d.code = ${code}`);
  return result.rows[0];
}

export async function insertDiscount(db: DbOrTx, id: string, code: string, values: DiscountValues): Promise<void> {
  await db.execute(sql`
    INSERT INTO discount_codes
      (id, code, description, percentage, start_date, end_date, max_usage, assigned_to, is_active)
    VALUES (${id}, ${code}, ${values.description}, ${values.percentage}, ${values.startDate}::date,
      ${values.endDate}::date, ${values.maxUsage}, ${values.assignedTo}, ${values.isActive})`);
}

/** Everything but the code and the count; true when the code exists. */
export async function updateDiscount(db: DbOrTx, code: string, values: DiscountValues): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE discount_codes
       SET description = ${values.description}, percentage = ${values.percentage},
           start_date = ${values.startDate}::date, end_date = ${values.endDate}::date,
           max_usage = ${values.maxUsage}, assigned_to = ${values.assignedTo},
           assignee_deleted = false, is_active = ${values.isActive}, updated_at = now()
     WHERE code = ${code}`);
  return (result.rowCount ?? 0) > 0;
}

/** True when the code existed. Its redemptions keep their code and percentage (discount_id set null). */
export async function deleteDiscount(db: DbOrTx, code: string): Promise<boolean> {
  const result = await db.execute(sql`DELETE FROM discount_codes WHERE code = ${code}`);
  return (result.rowCount ?? 0) > 0;
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM users WHERE id = ${id}`);
  return result.rows.length > 0;
}

/** What a successful redemption returns. */
export interface RedeemedRow {
  redemptionId: string;
  discountId: string;
  code: string;
  percentage: number;
  usageCount: number;
  maxUsage: number | null;
}

/**
 * The redemption: ONE statement checks that the code is active, that `today` is within its days,
 * that it is under its maximum and that it is open to everyone or reserved for this customer, and
 * counts the use; the same statement writes the redemption row (code and percentage kept). Under
 * concurrent calls each UPDATE waits for the row lock and re-checks the condition on the newest
 * count (READ COMMITTED), so a code with Max Usage n is counted at most n times. Nothing when any
 * check fails.
 */
export async function redeemSql(
  db: DbOrTx,
  args: { redemptionId: string; code: string; customerId: string; orderId: string | null; today: string },
): Promise<RedeemedRow | undefined> {
  const result = await db.execute<RedeemedRow & Record<string, unknown>>(sql`
    WITH used AS (
      UPDATE discount_codes d
         SET usage_count = d.usage_count + 1
       WHERE d.code = ${args.code}
         AND d.is_active
         AND ${args.today}::date BETWEEN d.start_date AND d.end_date
         AND (d.max_usage IS NULL OR d.usage_count < d.max_usage)
         AND ((d.assigned_to IS NULL AND NOT d.assignee_deleted) OR d.assigned_to = ${args.customerId})
      RETURNING d.id, d.code, d.percentage, d.usage_count, d.max_usage
    ), kept AS (
      INSERT INTO discount_redemptions (id, discount_id, code, percentage, user_id, order_id)
      SELECT ${args.redemptionId}, used.id, used.code, used.percentage, ${args.customerId}, ${args.orderId}
        FROM used
      RETURNING id
    )
    SELECT kept.id AS "redemptionId", used.id AS "discountId", used.code, used.percentage::int AS percentage,
           used.usage_count AS "usageCount", used.max_usage AS "maxUsage"
      FROM used, kept`);
  return result.rows[0];
}

/** A customer's redemptions, newest first (the tests, and the storefront's order history later). */
export async function listRedemptions(db: DbOrTx, filter: { code?: string; customerId?: string } = {}) {
  const parts: SQL[] = [];
  if (filter.code) parts.push(sql`r.code = ${filter.code}`);
  if (filter.customerId) parts.push(sql`r.user_id = ${filter.customerId}`);
  const where = parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
  const result = await db.execute<{
    id: string;
    discountId: string | null;
    code: string;
    percentage: number;
    userId: string | null;
    orderId: string | null;
  }>(sql`
    SELECT r.id, r.discount_id AS "discountId", r.code, r.percentage::int AS percentage,
           r.user_id AS "userId", r.order_id AS "orderId"
      FROM discount_redemptions r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC`);
  return result.rows;
}

/** A DiscountRow's columns on `today` (alias d), and the tables they come from: the palette's search reads codes the same way. */
export const DISCOUNT_SELECT = { columns: selected, from: FROM };

import {
  type CreateDiscountInput,
  DEFAULT_PAGE_SIZE,
  DISCOUNT_MESSAGES,
  type Discount,
  type DiscountListQuery,
  type DiscountsUpdatedEvent,
  EVENTS,
  newObjectId,
  todayIn,
  type UpdateDiscountInput,
} from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { pick, snapshot } from '../activity/snapshot';
import { newDiscountCode } from './code-generator';
import {
  type DiscountRow,
  type DiscountValues,
  deleteDiscount,
  findDiscount,
  insertDiscount,
  listAllDiscounts,
  listDiscountPage,
  updateDiscount,
  userExists,
} from './repository';

export interface DiscountDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
  /** SHOP_TIMEZONE: the dates are calendar days there. */
  timeZone: string;
  /** The clock; tests move it. */
  now?: () => Date;
  /** The code maker; tests force a collision with it. */
  makeCode?: () => string;
}

/** How many codes are drawn before a create gives up (a collision is about 1 in 10^7 at 100k codes). */
export const CODE_ATTEMPTS = 5;

export const today = (deps: Pick<DiscountDeps, 'timeZone' | 'now'>) =>
  todayIn(deps.timeZone, deps.now?.() ?? new Date());

/** PostgreSQL's error code, however the driver wrapped it. */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}
function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return e?.constraint ?? e?.cause?.constraint;
}

export function toDiscount(row: DiscountRow): Discount {
  const assignedTo =
    row.assignedTo !== null
      ? { _id: row.assignedTo, name: row.assigneeName, email: row.assigneeEmail }
      : row.assigneeDeleted
        ? { _id: null, name: null, email: null }
        : null;
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    percentage: row.percentage,
    startDate: row.startDate,
    endDate: row.endDate,
    maxUsage: row.maxUsage,
    usageCount: row.usageCount,
    assignedTo,
    isActive: row.isActive,
    status: row.status,
    createdAt: row.createdAt,
  };
}

export function notify(deps: Pick<DiscountDeps, 'realtime'>, event: DiscountsUpdatedEvent) {
  deps.realtime.toAdmins(EVENTS.discountsUpdated, event);
}

/**
 * GET /api/discounts/list. No parameters: every code, newest first (the spec's call). Any
 * parameter: one page (page 1, DEFAULT_PAGE_SIZE by default) of the codes with that status.
 */
export async function listDiscounts(deps: Pick<DiscountDeps, 'db' | 'timeZone' | 'now'>, query: DiscountListQuery) {
  const day = today(deps);
  const paged = Object.values(query).some((value) => value !== undefined);
  if (!paged) {
    const discounts = (await listAllDiscounts(deps.db, day)).map(toDiscount);
    return { discounts, total: discounts.length, today: day };
  }
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { rows, total } = await listDiscountPage(deps.db, day, query.status, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { discounts: rows.map(toDiscount), total, page, pageSize, today: day };
}

async function checkAssignee(db: DbOrTx, assignedTo: string | null) {
  if (assignedTo !== null && !(await userExists(db, assignedTo)))
    throw new HttpError(400, DISCOUNT_MESSAGES.assigneeNotFound);
}

/** The user was deleted between the check and the write. */
function assigneeGone(error: unknown): boolean {
  return pgCode(error) === '23503' && pgConstraint(error) === 'discount_codes_assigned_to_users_id_fk';
}

async function read(deps: Pick<DiscountDeps, 'db' | 'timeZone' | 'now'>, code: string): Promise<Discount> {
  const row = await findDiscount(deps.db, today(deps), code);
  if (!row) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
  return toDiscount(row);
}

/** POST /api/discounts/create: the server makes the code, drawing again on the rare collision. */
export async function createDiscount(deps: DiscountDeps, input: CreateDiscountInput): Promise<Discount> {
  const values: DiscountValues = { ...input, assignedTo: input.assignedTo ?? null, isActive: true };
  await checkAssignee(deps.db, values.assignedTo);
  const make = deps.makeCode ?? newDiscountCode;
  for (let attempt = 1; ; attempt += 1) {
    const code = make();
    try {
      await deps.db.transaction(async (tx) => {
        const id = newObjectId();
        await insertDiscount(tx, id, code, values);
        await recordChange(tx, 'discount', 'created', id, null, { code, ...values });
      });
    } catch (error) {
      if (pgCode(error) === '23505' && pgConstraint(error) === 'discount_codes_code_key' && attempt < CODE_ATTEMPTS)
        continue;
      if (assigneeGone(error)) throw new HttpError(400, DISCOUNT_MESSAGES.assigneeNotFound);
      throw error;
    }
    notify(deps, { action: 'created', code });
    return read(deps, code);
  }
}

/** PUT /api/discounts/{code}: everything but the code and the count. */
export async function changeDiscount(deps: DiscountDeps, code: string, input: UpdateDiscountInput): Promise<Discount> {
  const values: DiscountValues = {
    description: input.description,
    percentage: input.percentage,
    startDate: input.startDate,
    endDate: input.endDate,
    maxUsage: input.maxUsage,
    assignedTo: input.assignedTo ?? null,
    isActive: input.isActive,
  };
  await checkAssignee(deps.db, values.assignedTo);
  let found: boolean;
  try {
    found = await deps.db.transaction(async (tx) => {
      const before = await snapshot(tx, 'discount_codes', code, { key: 'code', lock: true });
      const updated = await updateDiscount(tx, code, values);
      if (updated && before)
        await recordChange(tx, 'discount', 'updated', String(before.id), pick(before, values), values);
      return updated;
    });
  } catch (error) {
    if (assigneeGone(error)) throw new HttpError(400, DISCOUNT_MESSAGES.assigneeNotFound);
    throw error;
  }
  if (!found) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
  notify(deps, { action: 'updated', code });
  return read(deps, code);
}

/** DELETE /api/discounts/{code}: orders and redemptions that used it keep the code and percentage. */
export async function removeDiscount(deps: DiscountDeps, code: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, 'discount_codes', code, { key: 'code', lock: true });
    const gone = await deleteDiscount(tx, code);
    if (gone && before) await recordChange(tx, 'discount', 'deleted', String(before.id), before, null, ['id']);
    return gone;
  });
  if (!deleted) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
  notify(deps, { action: 'deleted', code });
}

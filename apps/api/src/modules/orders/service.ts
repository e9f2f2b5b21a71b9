import {
  DELIVERED_STATUS,
  EVENTS,
  MESSAGES,
  ORDER_HISTORY_PAGE_SIZE,
  ORDER_INITIAL_PAGE_SIZE,
  type OrderHistoryQuery,
  type OrderHistoryResponse,
  type OrderListRequest,
  type OrderStatusRequest,
  type OrdersUpdatedEvent,
  SHIPPED_STATUS,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SessionProof } from '../../db/session-proof';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { activityEntryStatement, fieldChanges, recordChange } from '../activity/recorder';
import { snapshot } from '../activity/snapshot';
import type { Principal } from '../auth/service';
import { toOrder, toStatusChange } from './order-view';
import {
  deleteOrder,
  historyHead,
  listAllOrders,
  listHistoryPage,
  listOrderPage,
  type OrderFilter,
} from './repository';
import { changeStatusAtOnce } from './status-change';

export interface OrderDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

const DAY_MS = 86_400_000;

function notify(deps: OrderDeps, event: OrdersUpdatedEvent) {
  deps.realtime.toAdmins(EVENTS.ordersUpdated, event);
}

/** The request's search and filters: a text search only with a text field and a non-empty text, dates only for dateRange. */
export function orderFilter(request: OrderListRequest): OrderFilter {
  const { searchBy, search, startDate, endDate } = request;
  const filter: OrderFilter = { delivery: request.delivery ?? 'all' };
  if (searchBy === 'dateRange' && startDate && endDate) {
    // Inclusive UTC days: from the start day's midnight to the midnight after the end day.
    filter.dateRange = {
      from: new Date(`${startDate}T00:00:00.000Z`),
      to: new Date(new Date(`${endDate}T00:00:00.000Z`).getTime() + DAY_MS),
    };
  } else if (searchBy && searchBy !== 'dateRange' && search) {
    filter.search = { by: searchBy, text: search };
  }
  return filter;
}

/**
 * POST /api/order/list. An empty body answers every order (page 1, pageSize = total); any field
 * makes it a searched, filtered page (page 1 and ORDER_INITIAL_PAGE_SIZE by default). Each order
 * carries its latest status change only, read in the same statement; the whole history is the
 * history call's (docs/decisions/019-order-history.md).
 */
export async function listOrders(db: Db, request: OrderListRequest | null | undefined, proof?: SessionProof) {
  if (!request || Object.keys(request).length === 0) {
    const orders = (await listAllOrders(db)).map((row) => toOrder(row, row.lastChange));
    return { orders, total: orders.length, page: 1, pageSize: orders.length };
  }
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? ORDER_INITIAL_PAGE_SIZE;
  const { rows, total } = await listOrderPage(
    db,
    orderFilter(request),
    { limit: pageSize, offset: (page - 1) * pageSize },
    proof,
  );
  return { orders: rows.map((row) => toOrder(row, row.lastChange)), total, page, pageSize };
}

/**
 * GET /api/order/{id}/history: the order's status changes, newest first, `limit` at a time
 * (ORDER_HISTORY_PAGE_SIZE by default), older than the change `before` when given; with the
 * number of changes and the cursor of the next page. Read in one snapshot, so the total and the
 * page agree.
 */
export async function orderHistory(
  db: Db,
  orderId: string,
  query: OrderHistoryQuery,
): Promise<Omit<OrderHistoryResponse, 'success'>> {
  const limit = query.limit ?? ORDER_HISTORY_PAGE_SIZE;
  return db.transaction(
    async (tx) => {
      const head = await historyHead(tx, orderId, query.before);
      if (!head) throw new HttpError(404, MESSAGES.orderNotFound);
      if (!head.hasBefore) throw new HttpError(400, 'before: must be a status change of this order');
      // One more than asked: whether there is a next page, without counting what is left.
      const rows = await listHistoryPage(tx, orderId, { before: query.before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        history: page.map(toStatusChange),
        total: head.total,
        next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * POST /api/order/status: the order, its history row and its activity entry in one statement, one
 * round trip (status-change.ts changeStatusAtOnce, decision 057). The tracking number is written
 * only with Shipped and the discount code only with Delivered: a text sets it, null clears it,
 * nothing (or blank) leaves it; other statuses leave both as they are
 * (docs/decisions/012-orders-and-rollups.md).
 */
export async function changeOrderStatus(
  deps: OrderDeps,
  principal: Principal,
  input: OrderStatusRequest,
  /** A remembered session's proof: the statement writes only if it holds (plugins/app/auth.ts). */
  proof?: SessionProof,
) {
  const changed = await changeStatusAtOnce(
    deps.db,
    {
      orderId: input.orderId,
      status: input.status,
      trackingNumber: input.status === SHIPPED_STATUS ? input.trackingNumber : undefined,
      discountCode: input.status === DELIVERED_STATUS ? input.discountCode : undefined,
      adminId: principal.userId,
      // What the order carries after this change, for the status that uses it.
      history: { trackingNumber: input.status === SHIPPED_STATUS, discountCode: input.status === DELIVERED_STATUS },
    },
    (c) =>
      activityEntryStatement('order', 'statusChanged', {
        from: c,
        recordId: sql`c.id`,
        changes: fieldChanges([
          ['status', sql`c.old_status`, sql`c.status`],
          ['trackingNumber', sql`c.old_tracking_number`, sql`c.tracking_number`],
          ['discountCode', sql`c.old_discount_code`, sql`c.discount_code`],
        ]),
      }),
    proof,
  );
  if (!changed) throw new HttpError(404, MESSAGES.orderNotFound);
  const order = toOrder(changed.row, changed.change);
  notify(deps, { action: 'statusChanged', id: order._id });
  return order;
}

/** POST /api/order/delete: the order and its status history. */
export async function removeOrder(deps: OrderDeps, orderId: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, 'orders', orderId, { lock: true });
    if (!before || !(await deleteOrder(tx, orderId))) return false;
    await recordChange(tx, 'order', 'deleted', orderId, before, null);
    return true;
  });
  if (!deleted) throw new HttpError(404, MESSAGES.orderNotFound);
  notify(deps, { action: 'deleted', id: orderId });
}

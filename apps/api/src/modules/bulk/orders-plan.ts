import { EVENTS, type OrderBulkAction, type OrderBulkSelection, type OrdersUpdatedEvent } from '@backroom/contract';
import { inArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChanges } from '../activity/recorder';
import { countQuery, filterWhere } from '../orders/repository';
import { orderFilter } from '../orders/service';
import type { BulkPlan } from './plan';
import { deleteOrders, nextBatch, setOrdersStatus } from './repository';

export interface OrderPlanInput {
  selection: OrderBulkSelection;
  action: OrderBulkAction;
  adminId: string;
}

/**
 * A bulk action on orders. The filter is the orders list's own (orderFilter, filterWhere), so the
 * action reaches exactly the rows the list shows for it. A status change follows the one-order
 * call's rules: tracking number and code left as they are, one history row per changed order
 * with the admin's name, rollups kept by the database's triggers; an order already in the status
 * is skipped (no history row). Each order changed or deleted gets its activity entry in the
 * batch's transaction, as one changed alone does.
 */
export function orderPlan(input: OrderPlanInput, realtime: () => Pick<Realtime, 'toAdmins'>): BulkPlan {
  const { selection, action } = input;
  const ids = 'ids' in selection ? [...new Set(selection.ids)] : undefined;
  const filter = 'filter' in selection ? orderFilter(selection.filter) : undefined;
  const where = ids ? inArray(orders.id, ids) : filterWhere(filter ?? { delivery: 'all' });
  return {
    target: 'orders',
    kind: action.kind,
    verb: action.kind === 'delete' ? 'deleted' : 'updated',
    picked: ids !== undefined,
    async check() {},
    async count(db) {
      if (ids) return ids.length;
      return (await countQuery(db, filter ?? { delivery: 'all' }))[0]?.n ?? 0;
    },
    nextBatch: (tx, after, limit) => nextBatch(tx, orders, where, after, limit),
    async apply(tx, batch) {
      if (action.kind === 'delete') {
        const deleted = await deleteOrders(tx, batch);
        const entries = deleted.map(({ id, row }) => ({ recordId: id, before: row, after: null }));
        await recordChanges(tx, 'order', 'deleted', entries);
        return { updated: deleted.length };
      }
      const changed = await setOrdersStatus(tx, batch, action.status, input.adminId);
      // As the one-order call logs it: the status from and to (tracking number and code stay).
      const entries = changed.map(({ id, was }) => ({
        recordId: id,
        before: { status: was },
        after: { status: action.status },
      }));
      await recordChanges(tx, 'order', 'statusChanged', entries);
      return { updated: changed.length, skipped: { [`already ${action.status}`]: batch.length - changed.length } };
    },
    notifyEnd() {
      const event: OrdersUpdatedEvent = { action: action.kind === 'delete' ? 'deleted' : 'statusChanged', id: 'bulk' };
      realtime().toAdmins(EVENTS.ordersUpdated, event);
    },
  };
}

import { STOREFRONT_LIMITS } from '@backroom/contract';
import type { Db } from '../../db/client';
import { listCustomerOrders } from './repository';
import { toCustomerOrder } from './views';

/** GET /api/customer/orders: my orders, newest first, a page at a time, the page and the count in one snapshot. */
export async function myOrders(
  db: Db,
  userId: string,
  query: { page?: number | undefined; pageSize?: number | undefined },
) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STOREFRONT_LIMITS.orderPageSize;
  return db.transaction(
    async (tx) => {
      const { rows, total } = await listCustomerOrders(tx, userId, { limit: pageSize, offset: (page - 1) * pageSize });
      return { orders: rows.map(toCustomerOrder), total, page, pageSize };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

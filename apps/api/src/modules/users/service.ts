import {
  addressKey,
  averageOrderCents,
  DEFAULT_PAGE_SIZE,
  deletionRefusal,
  EVENTS,
  MESSAGES,
  priceFromCents,
  type Role,
  roleChangeRefusal,
  USER_GUARD_MESSAGES,
  USER_ORDER_LIMITS,
  type User,
  type UserAddress,
  type UserListQuery,
  type UserOrdersQuery,
  type UsersUpdatedEvent,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import type { Principal } from '../auth/service';
import { itemImageUrl, toOrder } from '../orders/order-view';
import {
  deleteUser,
  findUser,
  listAllUsers,
  listUserAddresses,
  listUserOrders,
  listUserPage,
  lockActiveAdmins,
  lockUser,
  readOrderFigures,
  readUserStats,
  setUserRole,
  topProducts,
  type UserRow,
} from './repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface UserDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

/** How many most ordered products the details show (spec 2 section 9). */
export const TOP_PRODUCTS = 3;

function notify(deps: UserDeps, event: UsersUpdatedEvent) {
  deps.realtime.toAdmins(EVENTS.usersUpdated, event);
}

export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role, isActive: row.isActive };
}

async function existingUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw new HttpError(404, USER_GUARD_MESSAGES.userNotFound);
  return user;
}

/**
 * GET /api/user/all. No parameters: every user, admins first then newest (the spec's call). Any
 * parameter: one page (page 1, DEFAULT_PAGE_SIZE by default) and the number that match.
 */
export async function listUsers(db: Db, query: UserListQuery) {
  const paged = Object.values(query).some((value) => value !== undefined);
  if (!paged) {
    const users = (await listAllUsers(db)).map(toUser);
    return { users, total: users.length };
  }
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { rows, total } = await listUserPage(
    db,
    { q: query.q, role: query.role },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { users: rows.map(toUser), total, page, pageSize };
}

/** GET /api/user/stats: the tiles, from counters and rollups kept by triggers. */
export async function userStats(db: Db) {
  const stats = await readUserStats(db);
  return {
    totalUsers: stats.totalUsers,
    activeUsers: stats.activeUsers,
    totalOrders: stats.totalOrders,
    totalRevenue: priceFromCents(stats.revenueCents),
  };
}

/**
 * Locks the active admins and the target (in that order, the same in every caller, so two admins
 * acting on each other at once run one after the other), then answers the target and the active
 * admins as this transaction sees them.
 */
async function lockForAdminChange(tx: Tx, id: string) {
  const admins = await lockActiveAdmins(tx);
  const target = await lockUser(tx, id);
  if (!target) throw new HttpError(404, USER_GUARD_MESSAGES.userNotFound);
  return { target, admins };
}

/**
 * The guard rails, then the actor: an admin demoted or deleted by another admin while this request
 * waited for the locks acts no more (403, as an ended session).
 */
function guard(refusal: string | null, admins: string[], actorId: string) {
  if (refusal) throw new HttpError(409, refusal);
  if (!admins.includes(actorId)) throw new HttpError(403, MESSAGES.notAdmin);
}

/**
 * POST /api/user/role. Refused (409) for the admin's own role and for the last active admin.
 * Leaving admin ends that person's sessions and closes their sockets: a trigger on users revokes
 * the sessions in this transaction and announces it (migration 0001).
 */
export async function changeUserRole(deps: UserDeps, principal: Principal, input: { userId: string; role: Role }) {
  const user = await deps.db.transaction(async (tx) => {
    const { target, admins } = await lockForAdminChange(tx, input.userId);
    guard(roleChangeRefusal(principal.userId, target, input.role, admins.length), admins, principal.userId);
    if (target.role === input.role) return target;
    await recordChange(tx, 'user', 'roleChanged', target.id, { role: target.role }, { role: input.role });
    return (await setUserRole(tx, target.id, input.role)) ?? target;
  });
  notify(deps, { action: 'roleChanged', id: user.id });
  return toUser(user);
}

/**
 * DELETE /api/user/{id}: the account, its sessions (their sockets close), wishlist and
 * conversations; its orders stay as the shop's records (docs/decisions/023-deleting-users.md).
 * Refused (409) for the admin's own account and for the last active admin.
 */
export async function removeUser(deps: UserDeps, principal: Principal, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { target, admins } = await lockForAdminChange(tx, id);
    guard(deletionRefusal(principal.userId, target, admins.length), admins, principal.userId);
    await deleteUser(tx, target.id);
    await recordChange(tx, 'user', 'deleted', target.id, target, null, ['id', 'createdAt']);
  });
  notify(deps, { action: 'deleted', id });
}

/** GET /api/user/{id}/summary: the account, its order figures and the top 3 products. */
export async function userSummary(db: Db, id: string) {
  const user = await existingUser(db, id);
  const [figures, top] = await Promise.all([readOrderFigures(db, id), topProducts(db, id, TOP_PRODUCTS)]);
  return {
    user: toUser(user),
    stats: {
      orders: figures.orders,
      delivered: figures.delivered,
      totalSpent: priceFromCents(figures.totalCents),
      averageOrder: priceFromCents(averageOrderCents(figures.totalCents, figures.orders)),
      lastOrderAt: figures.lastOrderAt ? figures.lastOrderAt.toISOString() : null,
    },
    topProducts: top.map((row) => ({ ...row, image: itemImageUrl(row.image) })),
  };
}

/** What an amount search means: '$1,234.50' is looked for as '1234.50'. */
export function orderSearchText(q: string | undefined): string | undefined {
  if (!q) return undefined;
  const amount = /^\$?[\d,]*\.?\d*$/.test(q) && /\d/.test(q) ? q.replace(/[$,]/g, '') : q;
  return amount === '' ? undefined : amount;
}

/**
 * GET /api/user/{id}/orders: the user's orders, undelivered first then newest, searchable and
 * paged, with the number and the amount of every match.
 */
export async function userOrders(db: Db, id: string, query: UserOrdersQuery) {
  await existingUser(db, id);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? USER_ORDER_LIMITS.defaultPageSize;
  const found = await listUserOrders(db, id, orderSearchText(query.q), {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    orders: found.rows.map((row) => toOrder(row, row.lastChange)),
    total: found.total,
    totalSpent: priceFromCents(found.spentCents),
    page,
    pageSize,
  };
}

/**
 * GET /api/user/{id}/addresses: the distinct addresses of the user's orders, newest first. The
 * database groups them; the key is made here with the contract's addressKey, and groups the two
 * normalisations would tell apart (exotic white space or case) are merged under it.
 */
export async function userAddresses(db: Db, id: string): Promise<UserAddress[]> {
  await existingUser(db, id);
  const merged = new Map<string, UserAddress>();
  for (const row of await listUserAddresses(db, id)) {
    const key = addressKey(row.address);
    const found = merged.get(key);
    if (found) {
      found.orders += row.orders;
      continue;
    }
    merged.set(key, { key, address: row.address, lastUsed: row.lastUsed.toISOString(), orders: row.orders });
  }
  return [...merged.values()];
}

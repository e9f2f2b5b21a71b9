import { newObjectId, type OrderStatus } from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named';
import { type SessionProof, sessionLive, sessionToProve } from '../../db/session-proof';
import type { OrderViewRow, StatusChangeRow } from './repository';

export interface StatusUpdate {
  status: OrderStatus;
  /** A value to store (a text, or null to clear); undefined leaves the column as it is. */
  trackingNumber: string | null | undefined;
  discountCode: string | null | undefined;
}

/** What the status change's statement answers, as node-postgres gives it (int8 as text, timestamptz as Date). */
interface ChangedRaw extends Record<string, unknown> {
  id: string;
  user_id: string | null;
  items: OrderViewRow['items'];
  total_cents: string | number;
  item_count: number;
  status: OrderStatus;
  payment: boolean;
  payment_method: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  tracking_number: string | null;
  discount_code: string | null;
  created_at: string | Date;
  change_id: string;
  change_status: OrderStatus;
  change_tracking_number: string | null;
  change_discount_code: string | null;
  change_admin_name: string | null;
  change_created_at: string | Date;
  /** The gate: true unless a session proof was given and the session is not live. */
  live: boolean;
}

/**
 * An admin's status change in ONE statement (docs/decisions/057-mixed-load.md): the order's update
 * (the given columns; undefined leaves one as it is), its history row (the admin's name copied, so
 * it outlives the account; the tracking number and discount code only where `history` says the
 * status uses them) and, when `entry` gives one, the activity entry, as data-modifying WITHs. One
 * statement is one transaction: all or nothing, as the transaction of six round trips it
 * replaces, and the order's row stays locked only while it runs. The old values are read with the
 * row locked (FOR UPDATE, as the activity snapshot did): a change committed meanwhile is waited
 * for and its values are the old ones (RETURNING old would do it on PostgreSQL 18, not on 15). `entry` is called with the
 * changed rows (alias c: the new columns, and old_status, old_tracking_number,
 * old_discount_code as they were). Answers the order and its change, or undefined when there is
 * no such order (then nothing is written).
 *
 * Given a session proof (a status change let through on a remembered session, plugins/app/auth.ts),
 * the statement writes only if the session is live in its own snapshot, taken after the request
 * arrived (db/session-proof.ts): the order is not even locked otherwise, and `proof` says what the
 * statement saw. Without one (the session was checked before the handler) nothing gates it.
 */
export async function changeStatusAtOnce(
  db: Db,
  update: StatusUpdate & {
    orderId: string;
    adminId: string;
    history: { trackingNumber: boolean; discountCode: boolean };
  },
  entry: (changed: SQL) => SQL | undefined,
  proof?: SessionProof,
): Promise<{ row: OrderViewRow; change: StatusChangeRow } | undefined> {
  const sets = [sql`status = ${update.status}`];
  if (update.trackingNumber !== undefined) sets.push(sql`tracking_number = ${update.trackingNumber}`);
  if (update.discountCode !== undefined) sets.push(sql`discount_code = ${update.discountCode}`);
  sets.push(sql`updated_at = now()`);
  const activity = entry(sql.raw('changed c'));
  const sessionId = sessionToProve(proof);
  // A named prepared statement per shape (which columns are set, whether there is an entry).
  const result = await executeNamed<ChangedRaw>(
    db,
    sql`
    WITH gate AS (
      SELECT ${sessionId}::text IS NULL OR ${sessionLive(sql`${sessionId}`)} AS open
    ), before AS (
      SELECT id, status, tracking_number, discount_code FROM orders
       WHERE id = ${update.orderId} AND (SELECT open FROM gate) FOR UPDATE
    ), changed AS (
      UPDATE orders o SET ${sql.join(sets, sql`, `)} FROM before b WHERE o.id = b.id
      RETURNING o.id, o.user_id, o.items, o.total_cents, o.item_count, o.status, o.payment,
        o.payment_method, o.first_name, o.last_name, o.email, o.phone, o.street, o.city,
        o.state, o.zipcode, o.country, o.tracking_number, o.discount_code, o.created_at,
        b.status AS old_status, b.tracking_number AS old_tracking_number, b.discount_code AS old_discount_code
    ), change AS (
      INSERT INTO order_status_changes (id, order_id, status, tracking_number, discount_code, admin_id, admin_name)
      SELECT ${newObjectId()}, c.id, c.status,
             ${update.history.trackingNumber ? sql`c.tracking_number` : sql`NULL`},
             ${update.history.discountCode ? sql`c.discount_code` : sql`NULL`},
             ${update.adminId}, (SELECT name FROM users WHERE id = ${update.adminId})
        FROM changed c
      RETURNING id, status, tracking_number, discount_code, admin_name, created_at
    )${activity ? sql`, entry AS (${activity})` : sql``}
    SELECT g.open AS live, x.* FROM gate g LEFT JOIN (
      SELECT c.*, ch.id AS change_id, ch.status AS change_status, ch.tracking_number AS change_tracking_number,
             ch.discount_code AS change_discount_code, ch.admin_name AS change_admin_name,
             ch.created_at AS change_created_at
        FROM changed c CROSS JOIN change ch) x ON true`,
    'order_status',
  );
  const raw = result.rows[0];
  // The gate's row is always there: whether the session was live, whatever became of the order.
  if (sessionId !== null) proof?.settle(raw?.live);
  if (!raw?.id) return undefined;
  return {
    row: {
      id: raw.id,
      userId: raw.user_id,
      items: raw.items,
      totalCents: Number(raw.total_cents),
      itemCount: raw.item_count,
      status: raw.status,
      payment: raw.payment,
      paymentMethod: raw.payment_method,
      firstName: raw.first_name,
      lastName: raw.last_name,
      email: raw.email,
      phone: raw.phone,
      street: raw.street,
      city: raw.city,
      state: raw.state,
      zipcode: raw.zipcode,
      country: raw.country,
      trackingNumber: raw.tracking_number,
      discountCode: raw.discount_code,
      createdAt: new Date(raw.created_at),
    },
    change: {
      id: raw.change_id,
      status: raw.change_status,
      trackingNumber: raw.change_tracking_number,
      discountCode: raw.change_discount_code,
      adminName: raw.change_admin_name,
      createdAt: new Date(raw.change_created_at),
    },
  };
}

import type { NotificationSubject } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idRef } from './columns';
import { users } from './users';

/**
 * The bell's notifications (docs/decisions/056-notifications.md): one row per event, shared by every
 * admin; seq orders them and pages them (keyset), and is what an admin's read watermark counts up
 * to. The id is made by the database (notification_id(), migration 0024) so that triggers (a new
 * order written straight into the database) make them as the app does.
 */
export const notifications = pgTable(
  'notifications',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: varchar('id', { length: 24 }).notNull().unique().default(sql`notification_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    subject: jsonb('subject').$type<NotificationSubject>().notNull().default({}),
  },
  (t) => [index('notifications_kind_seq_idx').on(t.kind, t.seq.desc())],
);

/**
 * How many notifications of each kind exist, in shards (rollup_shard of the id) so that concurrent
 * inserts spread over rows; kept by a statement trigger in the insert's transaction.
 */
export const notificationTotals = pgTable(
  'notification_totals',
  {
    kind: text('kind').notNull(),
    shard: integer('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.shard] })],
);

/**
 * Each admin's bell: the read watermark (every notification with seq at or below it is read) and
 * the kinds they receive (null: every kind, new kinds included).
 */
export const notificationReaders = pgTable('notification_readers', {
  adminId: idRef('admin_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
  kinds: text('kinds').array(),
});

/** Notifications above an admin's watermark that they opened one by one. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    adminId: idRef('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.seq] })],
);

/**
 * How many notifications of each kind an admin has read (below the watermark and one by one): the
 * unread count is the kinds' totals less these, a few dozen rows whatever the list's length.
 */
export const notificationReadCounts = pgTable(
  'notification_read_counts',
  {
    adminId: idRef('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    read: bigint('read', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.kind] })],
);

export type NotificationRow = typeof notifications.$inferSelect;

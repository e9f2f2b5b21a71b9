import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/* The e-mail campaigns' tables (modules/campaigns); in SQL they keep their email_ names. */

/** A product as the e-mail shows it, copied when the campaign is made (spec 2 section 3). */
export interface CampaignProductSnapshot {
  _id: string;
  name: string;
  image: string | null;
  priceCents: number;
  discount: number;
  category: string;
  subCategory: string;
}

/**
 * One User Notifications e-mail (POST /api/user/send-newsletter). The request records it and
 * answers; jobs fill and send its deliveries in the background. The counts are kept by the
 * sender as deliveries finish.
 */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: idColumn(),
    notificationType: text('notification_type').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    productLink: text('product_link'),
    products: jsonb('products').$type<CampaignProductSnapshot[]>().notNull().default([]),
    /** 'all' (every customer when it is sent) or 'selected' (the ids in the request). */
    audience: text('audience').notNull(),
    createdBy: idRef('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    status: text('status').notNull().default('queued'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('email_campaigns_audience_check', sql`${t.audience} in ('all', 'selected')`),
    check('email_campaigns_status_check', sql`${t.status} in ('queued', 'sending', 'done')`),
    index('email_campaigns_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One recipient of a campaign: sent at most once (unique per campaign and address). Status:
 * pending -> sending (claimed by a sender; nothing the server would keep has left yet, so a dead
 * sender's rows go back to pending) -> committing (the message's end is on its way: the server may
 * keep it; a dead sender's rows become failed, never sent again) -> sent; or failed, or skipped
 * (the customer unsubscribed). docs/decisions/026-email-campaigns.md.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: idColumn(),
    campaignId: idRef('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    userId: idRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The sender that claimed the row (its advisory lock tells whether it is still alive). */
    claimedBy: integer('claimed_by'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'email_deliveries_status_check',
      sql`${t.status} in ('pending', 'sending', 'committing', 'sent', 'failed', 'skipped')`,
    ),
    uniqueIndex('email_deliveries_campaign_email_key').on(t.campaignId, t.email),
    index('email_deliveries_campaign_status_idx').on(t.campaignId, t.status),
  ],
);

/**
 * Without SMTP_URL, mail is delivered here instead of to a server: the admin reads it in the
 * Sent e-mails view. One row per delivery.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn(),
    deliveryId: idRef('delivery_id')
      .notNull()
      .references(() => emailDeliveries.id, { onDelete: 'cascade' }),
    campaignId: idRef('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_delivery_id_key').on(t.deliveryId),
    index('email_outbox_campaign_id_idx').on(t.campaignId, t.createdAt),
  ],
);

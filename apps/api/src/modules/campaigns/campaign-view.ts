import type { Campaign, CampaignAudience, CampaignStatus, CampaignType } from '@backroom/contract';
import type { MessageContent } from './render';
import type { CampaignRow } from './repository';

/** A campaign row as the API answers it, with pending = recipients - sent - failed - skipped. */
export function toCampaign(row: CampaignRow): Campaign {
  const done = row.sentCount + row.failedCount + row.skippedCount;
  return {
    _id: row.id,
    notificationType: row.notificationType as CampaignType,
    subject: row.subject,
    audience: row.audience as CampaignAudience,
    status: row.status as CampaignStatus,
    recipients: row.recipientCount,
    sent: row.sentCount,
    failed: row.failedCount,
    skipped: row.skippedCount,
    pending: Math.max(0, row.recipientCount - done),
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** What the campaign's message is made of, as its row keeps it. */
export function campaignContent(row: CampaignRow): MessageContent {
  return {
    notificationType: row.notificationType as CampaignType,
    subject: row.subject,
    message: row.message,
    productLink: row.productLink,
    products: row.products,
  };
}

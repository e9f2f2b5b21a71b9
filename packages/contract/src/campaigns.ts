import { z } from 'zod';
import { objectIdSchema, textSchema, wholeQueryParam } from './common';
import { NOTIFICATION_TYPES } from './domain/newsletter-text';
import { NEWSLETTER_AUDIENCES } from './newsletter';

export const CAMPAIGN_STATUSES = ['queued', 'sending', 'done'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_LIMITS = { defaultPageSize: 10, maxPageSize: 50 } as const;

/** A campaign with its counts (GET /api/campaigns, and the campaignProgress event). */
export const campaignSchema = z.object({
  _id: z.string(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  subject: z.string(),
  audience: z.enum(NEWSLETTER_AUDIENCES),
  status: z.enum(CAMPAIGN_STATUSES),
  recipients: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** recipients - sent - failed - skipped. */
  pending: z.number().int().nonnegative(),
  createdByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** The campaignProgress event's payload: the campaign as the list shows it. */
export const campaignProgressEventSchema = campaignSchema;
export type CampaignProgressEvent = Campaign;

/** GET /api/campaigns?page=&pageSize=: newest first. */
export const campaignListQuerySchema = z.strictObject({
  page: wholeQueryParam(1_000_000),
  pageSize: wholeQueryParam(CAMPAIGN_LIMITS.maxPageSize),
});
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

export const campaignListResponseSchema = z.object({
  success: z.literal(true),
  campaigns: z.array(campaignSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;

/** A product as the e-mail shows it: copied from the catalogue when the campaign was made. */
export const campaignProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Path of the first image's e-mail rendition (/uploads/...-mail.jpg; older campaigns: the image), or null. */
  image: z.string().nullable(),
  priceCents: z.number().int(),
  discount: z.number(),
  category: z.string(),
  subCategory: z.string(),
});
export type CampaignProduct = z.infer<typeof campaignProductSchema>;

/** GET /api/campaigns/{id}: the campaign, its message as written, and as rendered. */
export const campaignDetailResponseSchema = z.object({
  success: z.literal(true),
  campaign: campaignSchema.extend({
    message: z.string(),
    productLink: z.string().nullable(),
    products: z.array(campaignProductSchema),
    html: z.string(),
    text: z.string(),
  }),
});
export type CampaignDetailResponse = z.infer<typeof campaignDetailResponseSchema>;
export type CampaignDetail = CampaignDetailResponse['campaign'];

export const campaignParamsSchema = z.strictObject({ id: objectIdSchema });

/** GET or POST /api/unsubscribe?token=: the signed link of every e-mail. */
export const unsubscribeQuerySchema = z.strictObject({
  token: textSchema({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
});

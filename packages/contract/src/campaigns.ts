import { z } from 'zod';
import { objectIdSchema, textSchema, wholeQueryParam } from './common';
import { CAMPAIGN_TYPES, hasLineBreak, isHttpLink } from './domain/campaign-text';

/*
 * E-mail campaigns: the User Notifications e-mails the admins send to customers (issue 10,
 * docs/decisions/026-email-campaigns.md). The spec's call is POST /api/user/send-newsletter, so
 * its request, response and limits keep the call's name (newsletter*); everything after it (the
 * campaign, its deliveries, its progress) is a campaign.
 */

/** Limits of a User Notifications e-mail. */
export const NEWSLETTER_LIMITS = {
  subjectMax: 200,
  messageMax: 10_000,
  linkMax: 2000,
  maxProducts: 12,
  /** Selected users sent as ids; All Users is an audience value, never a list of ids. */
  maxRecipients: 20_000,
} as const;

/** 'all': every customer when the campaign is sent; 'selected': the ids in recipients. */
export const CAMPAIGN_AUDIENCES = ['all', 'selected'] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

const REQUIRED = 'is required';

/**
 * POST /api/user/send-newsletter (spec 2 section 7): recipients, subject, message, productLink,
 * notificationType, productsData, plus the audience (issue 10). Only the products' ids are read
 * from productsData: the e-mail shows the products as the database has them.
 */
export const newsletterRequestSchema = z
  .strictObject({
    audience: z
      .enum(CAMPAIGN_AUDIENCES, { error: `must be one of ${CAMPAIGN_AUDIENCES.join(', ')}` })
      .default('selected'),
    recipients: z
      .array(objectIdSchema, { error: 'must be a list of user ids' })
      .max(NEWSLETTER_LIMITS.maxRecipients, `must hold at most ${NEWSLETTER_LIMITS.maxRecipients} users`)
      .default([]),
    subject: textSchema({ error: REQUIRED })
      .refine((v) => !hasLineBreak(v), 'must not contain a line break')
      .transform((v) => v.trim())
      .pipe(z.string().min(1, REQUIRED).max(NEWSLETTER_LIMITS.subjectMax, 'is too long')),
    message: textSchema({ error: REQUIRED }).trim().min(1, REQUIRED).max(NEWSLETTER_LIMITS.messageMax, 'is too long'),
    productLink: textSchema({ error: 'must be text' })
      .trim()
      .max(NEWSLETTER_LIMITS.linkMax, 'is too long')
      .refine((v) => v === '' || isHttpLink(v), 'must be an http:// or https:// link')
      .nullish()
      .transform((v) => (v ? v : null)),
    notificationType: z.enum(CAMPAIGN_TYPES, { error: `must be one of ${CAMPAIGN_TYPES.join(', ')}` }),
    productsData: z
      .array(z.object({ _id: objectIdSchema }), { error: 'must be a list of products or null' })
      .max(NEWSLETTER_LIMITS.maxProducts, `must hold at most ${NEWSLETTER_LIMITS.maxProducts} products`)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'selected' && value.recipients.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'Please select at least one user' });
    }
  });
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;
export type NewsletterRequestParsed = z.output<typeof newsletterRequestSchema>;

/** 'Email sent successfully to {n} user(s)!' with the campaign that sends it in the background. */
export const newsletterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  campaignId: z.string(),
  recipients: z.number().int().nonnegative(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export const CAMPAIGN_STATUSES = ['queued', 'sending', 'done'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_LIMITS = { defaultPageSize: 10, maxPageSize: 50 } as const;

/** A campaign with its counts (GET /api/campaigns, and the campaignProgress event). */
export const campaignSchema = z.object({
  _id: z.string(),
  notificationType: z.enum(CAMPAIGN_TYPES),
  subject: z.string(),
  audience: z.enum(CAMPAIGN_AUDIENCES),
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

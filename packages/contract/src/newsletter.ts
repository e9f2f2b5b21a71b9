import { z } from 'zod';
import { objectIdSchema, textSchema } from './common';
import { hasLineBreak, isHttpLink, NOTIFICATION_TYPES } from './domain/newsletter-text';

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
export const NEWSLETTER_AUDIENCES = ['all', 'selected'] as const;
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number];

const REQUIRED = 'is required';

/**
 * POST /api/user/send-newsletter (spec 2 section 7): recipients, subject, message, productLink,
 * notificationType, productsData, plus the audience (issue 10). Only the products' ids are read
 * from productsData: the e-mail shows the products as the database has them.
 */
export const newsletterRequestSchema = z
  .strictObject({
    audience: z
      .enum(NEWSLETTER_AUDIENCES, { error: `must be one of ${NEWSLETTER_AUDIENCES.join(', ')}` })
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
    notificationType: z.enum(NOTIFICATION_TYPES, { error: `must be one of ${NOTIFICATION_TYPES.join(', ')}` }),
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

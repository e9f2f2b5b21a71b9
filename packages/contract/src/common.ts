import { z } from 'zod';
import { isObjectId } from './domain/object-id';
import { isStorableText } from './domain/text';

/** What a field holding a NUL or a lone surrogate is told: '{field}: contains an invalid character'. */
export const INVALID_TEXT_MESSAGE = 'contains an invalid character (NUL or unpaired surrogate)';

/**
 * Text in a request: every string field of every request schema (body, query, params, multipart
 * fields, values inside lists) starts here, so that nothing PostgreSQL cannot keep (a NUL, a lone
 * surrogate) reaches a query (docs/decisions/017-text-input.md). Chain the field's own rules on it:
 * textSchema({ error: 'is required' }).trim().min(1, 'is required'). The refusal is the first
 * issue, and does not abort, so that inside a union (a price as text or number) it is the one told.
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: INVALID_TEXT_MESSAGE });

/** A text field that holds JSON (a multipart form's list), checked against a schema once parsed. */
export function jsonField<T extends z.ZodType>(schema: T) {
  return textSchema()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A 24-hex ObjectId-style id whose first 8 hex digits are its creation time in seconds. */
export const objectIdSchema = textSchema().refine(isObjectId, { message: 'must be a 24-character hex id' });

/** An e-mail address: trimmed, lower-cased, well-formed. */
export const emailSchema = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254, 'is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid email address' }));

/** An optional query parameter; empty means not set. */
export const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** An optional whole-number query parameter from 1 to max; empty means not set. */
export const wholeQueryParam = (max: number) =>
  queryParam(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(max, `must be at most ${max}`),
  );

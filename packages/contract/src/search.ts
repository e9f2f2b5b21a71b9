import { z } from 'zod';
import { queryParam, textSchema, wholeQueryParam } from './common';
import { ORDER_STATUSES } from './constants';
import { discountSchema } from './discounts';
import { userSchema } from './users';

/*
 * The command palette's search (issue 14; docs/decisions/039-command-palette.md): one call finds
 * orders by id prefix, products by name, customers by name or e-mail and discount codes, a few of
 * each, for the admin's Ctrl+K palette.
 */

export const SEARCH_PATHS = {
  /** GET ?q=&limit=: a few records of each kind matching q. */
  search: '/api/search',
} as const;

export const SEARCH_LIMITS = {
  /** The longest q accepted. */
  qMax: 100,
  /** Records per kind unless limit says otherwise. */
  defaultPerKind: 5,
  maxPerKind: 10,
  /**
   * The shortest text the name and e-mail searches run on: a trigram. Shorter text has none, and
   * the trigram indexes cannot narrow it (a scan of every product and user).
   */
  textMin: 3,
  /** The shortest order id prefix or discount code part searched: one character matches too much to help. */
  codeMin: 2,
  /** An order id's length (24 hex digits). */
  orderIdLength: 24,
} as const;

/** What the palette's search runs on a q. */
export const SEARCH_KINDS = ['orders', 'products', 'customers', 'discounts'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z.object({
  /** Blank or missing: no search, empty lists. */
  q: queryParam(
    textSchema({ error: 'must be text' })
      .trim()
      .max(SEARCH_LIMITS.qMax, `must be at most ${SEARCH_LIMITS.qMax} characters`),
  ),
  /** Records per kind, 1 to maxPerKind (defaultPerKind when missing). */
  limit: wholeQueryParam(SEARCH_LIMITS.maxPerKind),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** An order found by its id: enough to recognise it in the palette. */
export const orderHitSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The order's first and last name, as typed at checkout. */
  name: z.string(),
  email: z.string(),
  /** ISO timestamp of when it was placed. */
  date: z.string(),
});
export type OrderHit = z.infer<typeof orderHitSchema>;

export const productHitSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Main category ('' when none). */
  category: z.string(),
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const searchResponseSchema = z.object({
  success: z.literal(true),
  /** The q searched, trimmed ('' when none). */
  q: z.string(),
  orders: z.array(orderHitSchema),
  products: z.array(productHitSchema),
  /** Accounts, customers and admins alike, as the Users screen lists them. */
  customers: z.array(userSchema),
  /** Whole codes, as the Discounts screen's details show them. */
  discounts: z.array(discountSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** What each kind searches for a q; null: that kind is not searched (the text cannot match it, or is too short). */
export interface SearchPlan {
  /** Lower-case hex: orders whose id starts with it. */
  orderIdPrefix: string | null;
  /** Lower-cased: products whose name contains it, users whose name or e-mail contains it. */
  text: string | null;
  /** Upper-cased: codes containing it. */
  discountCode: string | null;
}

const HEX = /^[0-9a-f]+$/;
/** The characters a code may hold (made codes use fewer; the column allows any upper-case text). */
const CODE_TEXT = /^[A-Z0-9_-]+$/;

/**
 * Which kinds a q searches, and with what. An order id is 24 hex digits, so only hex text (a
 * leading '#' dropped) of 2 to 24 digits looks for orders; a discount code has no spaces or '@';
 * names and e-mails need a trigram (SEARCH_LIMITS.textMin).
 */
export function searchPlan(q: string): SearchPlan {
  const text = q.trim();
  const id = text.replace(/^#/, '').toLowerCase();
  const code = text.toUpperCase();
  return {
    orderIdPrefix:
      id.length >= SEARCH_LIMITS.codeMin && id.length <= SEARCH_LIMITS.orderIdLength && HEX.test(id) ? id : null,
    text: text.length >= SEARCH_LIMITS.textMin ? text.toLowerCase() : null,
    discountCode: code.length >= SEARCH_LIMITS.codeMin && CODE_TEXT.test(code) ? code : null,
  };
}

/**
 * The ids starting with a hex prefix, as a range of the primary key: from the prefix itself to
 * the prefix padded with 'f' (every id is 24 lower-case hex digits), both ends included. A range
 * reads the primary key's btree whatever the database's collation, where LIKE 'abc%' needs
 * text_pattern_ops or the C collation.
 */
export function orderIdRange(prefix: string): { from: string; to: string } {
  return { from: prefix, to: prefix.padEnd(SEARCH_LIMITS.orderIdLength, 'f') };
}

/** Whether a search answer found nothing at all. */
export function isEmptySearch(response: Pick<SearchResponse, SearchKind>): boolean {
  return SEARCH_KINDS.every((kind) => response[kind].length === 0);
}

import { type Discount, discountSchema, type User, userSchema } from '@backroom/contract';
import { z } from 'zod';

/**
 * What the palette asks a screen to open once it is there, carried in the history entry's state
 * (react-router's navigate state): the Orders screen expands an order, the Users screen shows a
 * user's details, the Discounts screen a code's details (decision 039). Here in lib: the palette
 * (features/search) writes it, the screens read it (useOpenRequest).
 */
interface OpenRecords {
  /** The order's id. */
  order: string;
  user: User;
  discount: Discount;
}
export type OpenKind = keyof OpenRecords;
export type OpenRecord<K extends OpenKind> = OpenRecords[K];
export type OpenRequest = { [K in OpenKind]: { kind: K; record: OpenRecords[K] } }[OpenKind];

const RECORD_SCHEMAS = { order: z.string().min(1), user: userSchema, discount: discountSchema } as const;

/**
 * The record a history entry's state asks this screen to open, or null. The state is checked
 * against the contract's schema: it outlives a release (Back, a restored tab).
 */
export function readOpenRequest<K extends OpenKind>(state: unknown, kind: K): OpenRecord<K> | null {
  const request = (state as { open?: { kind?: unknown; record?: unknown } } | null)?.open;
  if (request?.kind !== kind) return null;
  const schema = RECORD_SCHEMAS[kind] as unknown as z.ZodType<OpenRecord<K>>;
  const parsed = schema.safeParse(request.record);
  return parsed.success ? parsed.data : null;
}

import { normaliseDiscountCode, REDEMPTION_MESSAGES, redemptionRefusal } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { findDiscount } from '../discounts/repository';
import { today } from '../discounts/service';
import type { StorefrontClock } from './catalogue';

/**
 * GET /api/customer/discounts/{code}: whether the code would apply to me now, by the redemption's
 * own rule (the contract's redemptionRefusal, which the redemption statement checks in SQL).
 * Nothing is counted: the order redeems it. An unknown code is 404, any other refusal 409.
 */
export async function checkDiscount(db: Db, clock: StorefrontClock, customerId: string, text: string) {
  const code = normaliseDiscountCode(text);
  const day = today(clock);
  const row = await findDiscount(db, day, code);
  const reason = redemptionRefusal(row, day, customerId);
  if (reason || !row) {
    const refusal = reason ?? 'unknown';
    throw new HttpError(refusal === 'unknown' ? 404 : 409, REDEMPTION_MESSAGES[refusal]);
  }
  return { code: row.code, percentage: row.percentage };
}

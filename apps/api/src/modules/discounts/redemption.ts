import {
  newObjectId,
  normaliseDiscountCode,
  REDEMPTION_MESSAGES,
  type RedemptionRefusal,
  redemptionRefusal,
} from '@backroom/contract';
import type { DbOrTx } from '../../db/client';
import { findDiscount, type RedeemedRow, redeemSql } from './repository';
import { today } from './service';

export type RedemptionResult =
  | { ok: true; redemption: RedeemedRow }
  | { ok: false; reason: RedemptionRefusal; message: string };

/**
 * A customer uses a code (the storefront's order call, inside its transaction): one statement
 * checks and counts (repository redeemSql). When it refuses, the code is read again to tell why;
 * should that read find the code usable after all (it changed in between), the statement is tried
 * once more. It tells nobody: the caller tells the admins once its transaction has committed (a
 * use inside a transaction that rolls back never happened).
 */
export async function redeemDiscount(
  db: DbOrTx,
  clock: { timeZone: string; now?: () => Date },
  input: { code: string; customerId: string; orderId?: string | null },
): Promise<RedemptionResult> {
  const code = normaliseDiscountCode(input.code);
  for (let attempt = 1; ; attempt += 1) {
    const day = today(clock);
    const redemption = await redeemSql(db, {
      redemptionId: newObjectId(),
      code,
      customerId: input.customerId,
      orderId: input.orderId ?? null,
      today: day,
    });
    if (redemption) return { ok: true, redemption };
    const reason = redemptionRefusal(await findDiscount(db, day, code), day, input.customerId);
    if (reason) return { ok: false, reason, message: REDEMPTION_MESSAGES[reason] };
    if (attempt >= 2) return { ok: false, reason: 'usedUp', message: REDEMPTION_MESSAGES.usedUp };
  }
}

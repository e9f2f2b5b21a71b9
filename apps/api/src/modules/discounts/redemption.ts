import {
  normaliseDiscountCode,
  REDEMPTION_MESSAGES,
  type RedemptionRefusal,
  redemptionRefusal,
} from '@backroom/contract';
import type { DbOrTx } from '../../db/client';
import { newId } from '../../db/ids';
import type { Realtime } from '../../plugins/realtime';
import { findDiscount, type RedeemedRow, redeemSql } from './repository';
import { notify, today } from './service';

export type RedemptionResult =
  | { ok: true; redemption: RedeemedRow }
  | { ok: false; reason: RedemptionRefusal; message: string };

/**
 * A customer uses a code (for the storefront's order call of a later issue, inside its transaction
 * when it passes one): one statement checks and counts (repository redeemSql). When it refuses,
 * the code is read again to tell why; should that read find the code usable after all (it changed
 * in between), the statement is tried once more.
 */
export async function redeemDiscount(
  db: DbOrTx,
  deps: { timeZone: string; now?: () => Date; realtime?: Pick<Realtime, 'toAdmins'> },
  input: { code: string; customerId: string; orderId?: string | null },
): Promise<RedemptionResult> {
  const code = normaliseDiscountCode(input.code);
  for (let attempt = 1; ; attempt += 1) {
    const day = today(deps);
    const redemption = await redeemSql(db, {
      redemptionId: newId(),
      code,
      customerId: input.customerId,
      orderId: input.orderId ?? null,
      today: day,
    });
    if (redemption) {
      if (deps.realtime) notify({ realtime: deps.realtime }, { action: 'redeemed', code });
      return { ok: true, redemption };
    }
    const reason = redemptionRefusal(await findDiscount(db, day, code), day, input.customerId);
    if (reason) return { ok: false, reason, message: REDEMPTION_MESSAGES[reason] };
    if (attempt >= 2) return { ok: false, reason: 'usedUp', message: REDEMPTION_MESSAGES.usedUp };
  }
}

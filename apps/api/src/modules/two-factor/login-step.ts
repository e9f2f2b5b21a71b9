import { type LoginNextStep, TWO_FACTOR } from '@backroom/contract';
import type { DbOrTx } from '../../db/client';
import type { LoginChallenge } from '../auth/second-step';
import { hashToken, newToken } from '../auth/tokens';
import { findTwoFactor, insertChallenge, readRequirement } from './repository';

/**
 * What a right password leads to (docs/decisions/038-two-factor-sign-in.md): with two-factor
 * sign-in on, a challenge for the code; without it while Admin Management requires it, a challenge
 * that only allows setting it up; otherwise nothing, and the session opens at once. A secret still
 * waiting for its first code (set-up not finished) does not count as on.
 */
export async function secondStepFor(db: DbOrTx, userId: string): Promise<LoginChallenge | undefined> {
  const [row, required] = await Promise.all([findTwoFactor(db, userId), readRequirement(db)]);
  const next: LoginNextStep | undefined = row?.enabledAt ? 'twoFactorCode' : required ? 'twoFactorSetup' : undefined;
  if (!next) return undefined;
  const challenge = newToken();
  await insertChallenge(db, {
    tokenHash: hashToken(challenge),
    userId,
    purpose: next,
    ttlSeconds: next === 'twoFactorCode' ? TWO_FACTOR.challengeTtlSeconds : TWO_FACTOR.setupChallengeTtlSeconds,
  });
  return { next, challenge };
}

import {
  ADMIN_LIMITS,
  type AdminTwoFactor,
  formatRecoveryCode,
  type SecondFactor,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import { recordActivity, recordChange } from '../activity/recorder';
import { clearAttempts, countAttempt } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import {
  type AuthSettings,
  countLogin,
  LoginThrottled,
  loginKeys,
  openAdminSession,
  recordRefusedSignIn,
  type SignedIn,
  type SignInOrigin,
  settleLogin,
} from '../auth/service';
import { hashToken } from '../auth/tokens';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import {
  type ChallengePurpose,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteTwoFactor,
  findAccount,
  findChallenge,
  findPasswordHash,
  findTwoFactor,
  listAdminsTwoFactor,
  readRequirement,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  useStep,
  writeRequirement,
} from './repository';
import { openSecret, sealSecret } from './secret-box';
import { matchingStep, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';

/*
 * Two-factor sign-in (docs/decisions/038-two-factor-sign-in.md): enrolment and turning it off for the
 * signed-in admin, Admin Management's requirement, and the login's second step.
 */

export interface TwoFactorDeps {
  db: Db;
  auth: AuthSettings;
  /** Seals the secrets (AES-256-GCM): TOTP_ENCRYPTION_KEY, or the key kept in DATA_DIR. */
  key: Buffer;
}

interface Account {
  id: string;
  email: string;
}

/** The signed-in admin's state, for the account menu's dialog. */
export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [row, required, left] = await Promise.all([
    findTwoFactor(db, userId),
    readRequirement(db),
    countUnusedRecoveryCodes(db, userId),
  ]);
  const enabled = Boolean(row?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? left : 0, required };
}

/**
 * A new secret waiting for its first code, replacing any earlier one still waiting. Refused while
 * two-factor sign-in is on: turning it off (password and code) comes first, so that a stolen
 * session cannot swap the secret.
 */
export async function startSetup(
  deps: TwoFactorDeps,
  account: Account,
): Promise<Omit<TwoFactorSetupResponse, 'success'>> {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(deps.db, account.id, sealSecret(deps.key, account.id, secret));
  if (!saved) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const url = otpauthUrl(secret, account.email);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

/** The secret in the row, opened; a key other than the one it was sealed with is a server fault. */
function secretOf(deps: TwoFactorDeps, userId: string, sealed: string): string {
  const secret = openSecret(deps.key, userId, sealed);
  if (secret === undefined) throw new HttpError(500, TWO_FACTOR_MESSAGES.secretUnreadable);
  return secret;
}

/**
 * Checks an authenticator's code against the admin's secret (enabled, or pending when enabling) and
 * takes its time step as used, atomically: the same code twice, or an older one after a newer, fails.
 */
async function useTotp(deps: TwoFactorDeps, db: DbOrTx, userId: string, code: string, enable: boolean) {
  const row = await findTwoFactor(db, userId);
  if (!row || Boolean(row.enabledAt) === enable) return false;
  const step = await matchingStep(secretOf(deps, userId, row.secretEncrypted), code, Date.now());
  return step !== null && (await useStep(db, userId, step, { enable }));
}

/** A second factor checked and used up: which kind it was, or null when refused. */
async function useSecondFactor(
  deps: TwoFactorDeps,
  db: DbOrTx,
  userId: string,
  factor: SecondFactor,
): Promise<SecondFactor['kind'] | null> {
  if (factor.kind === 'totp') return (await useTotp(deps, db, userId, factor.code, false)) ? 'totp' : null;
  const row = await findTwoFactor(db, userId);
  if (!row?.enabledAt) return null;
  return (await useRecoveryCode(db, userId, hashRecoveryCode(factor.code))) ? 'recovery' : null;
}

/** Ten new recovery codes for the admin, stored hashed; answered once, as shown. */
async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes.map(formatRecoveryCode);
}

/**
 * The first code confirms the pending secret: two-factor sign-in is on from now, and the ten
 * recovery codes are answered, this once. The actor is the admin of the request unless given.
 */
async function enable(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
  entry: { actorId?: string; ip?: string } = {},
): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await useTotp(deps, tx, userId, code, true))) return null;
    const codes = await issueRecoveryCodes(tx, userId);
    await recordActivity(tx, { kind: 'twoFactor', action: 'enabled', recordId: userId, ...entry });
    return codes;
  });
}

/** POST /api/two-factor/enable. */
export async function confirmSetup(deps: TwoFactorDeps, userId: string, code: string): Promise<string[]> {
  const row = await findTwoFactor(deps.db, userId);
  if (!row) throw new HttpError(409, TWO_FACTOR_MESSAGES.setupNotStarted);
  if (row.enabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const codes = await enable(deps, userId, code);
  if (!codes) throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongCode);
  return codes;
}

/**
 * POST /api/two-factor/disable: the password and a code (or a recovery code), so that a session
 * left open is not enough. Attempts count against a key of the admin's own, with the login's limits,
 * so a stolen session cannot guess the password here either. Refused while Admin Management
 * requires two-factor sign-in for every admin.
 */
export async function disable(
  deps: TwoFactorDeps,
  userId: string,
  input: { password: string; code: SecondFactor },
): Promise<void> {
  const row = await findTwoFactor(deps.db, userId);
  if (!row?.enabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
  if (await readRequirement(deps.db)) throw new HttpError(409, TWO_FACTOR_MESSAGES.stillRequired);
  const { maxPerEmail, windowMs } = deps.auth.login;
  const key = `twoFactor:${userId}`;
  const verdict = await countAttempt(deps.db, key, { max: maxPerEmail, windowMs, maxWaitMs: windowMs });
  if (!verdict.allowed) throw new LoginThrottled(verdict.retryAfterMs);
  const hash = await findPasswordHash(deps.db, userId);
  if (!(await verifyPassword(hash, input.password))) throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await useSecondFactor(deps, tx, userId, input.code))) throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongCode);
    await deleteTwoFactor(tx, userId);
    await recordActivity(tx, { kind: 'twoFactor', action: 'disabled', recordId: userId });
  });
  await clearAttempts(deps.db, key);
}

/** GET /api/two-factor/admins: who has it on, for Admin Management. */
export function adminsTwoFactor(db: Db): Promise<AdminTwoFactor[]> {
  return listAdminsTwoFactor(db, ADMIN_LIMITS.maxListed);
}

/**
 * DELETE /api/two-factor/admins/{id}: another admin's two-factor sign-in turned off, for one who lost
 * the phone and the recovery codes (logged as that admin's twoFactor/disabled, by the admin who did
 * it). One's own goes through disable, with the password and a code.
 */
export async function resetAdminTwoFactor(db: Db, actorId: string, userId: string): Promise<string> {
  if (userId === actorId) throw new HttpError(409, TWO_FACTOR_MESSAGES.resetSelf);
  const account = await findAccount(db, userId);
  const row = await findTwoFactor(db, userId);
  if (account?.role !== 'admin' || !row?.enabledAt) throw new HttpError(404, TWO_FACTOR_MESSAGES.notOnForAdmin);
  await db.transaction(async (tx) => {
    await deleteTwoFactor(tx, userId);
    await recordActivity(tx, { kind: 'twoFactor', action: 'disabled', recordId: userId });
  });
  return account.name;
}

/** PUT /api/settings/two-factor: Admin Management's requirement, logged as a settings change. */
export async function setRequirement(db: Db, required: boolean): Promise<boolean> {
  await db.transaction(async (tx) => {
    const before = await readRequirement(tx, { lock: true });
    await writeRequirement(tx, required);
    await recordChange(
      tx,
      'settings',
      'updated',
      'settings',
      { requireTwoFactor: before },
      { requireTwoFactor: required },
    );
  });
  return required;
}

/** The login's challenge of that purpose, for an account that is still an active admin; else 401. */
async function challengeOf(db: Db, challenge: string, purpose: ChallengePurpose) {
  const found = await findChallenge(db, hashToken(challenge), purpose);
  if (found?.user.role !== 'admin' || !found.user.isActive) {
    throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  }
  return found;
}

type LoginInput = { challenge: string; ip: string; device: SignInOrigin['device'] };

/**
 * POST /api/user/admin/two-factor: the code (or a recovery code) after a right password. Counted
 * against the login limits like a password, before it is checked; a refused code is a refused
 * sign-in in the log. The challenge is used up by the one call that succeeds.
 */
export async function loginWithCode(
  deps: TwoFactorDeps,
  input: LoginInput & { code: SecondFactor },
): Promise<SignedIn> {
  const found = await challengeOf(deps.db, input.challenge, 'twoFactorCode');
  const origin = { email: found.user.email, ip: input.ip, device: input.device };
  const keys = loginKeys(deps.auth, found.user.id, origin);
  await countLogin(deps.db, deps.auth, keys);
  const used = await deps.db.transaction(async (tx) => {
    const kind = await useSecondFactor(deps, tx, found.user.id, input.code);
    if (kind === null) return null;
    if (!(await deleteChallenge(tx, found.id))) throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);
    if (kind === 'recovery') {
      const left = await countUnusedRecoveryCodes(tx, found.user.id);
      await recordActivity(tx, {
        kind: 'twoFactor',
        action: 'recoveryCodeUsed',
        recordId: found.user.id,
        actorId: found.user.id,
        ip: input.ip,
        changes: { recoveryCodesLeft: { from: left + 1, to: left } },
      });
    }
    return kind;
  });
  if (used === null) {
    await recordRefusedSignIn(deps.db, found.user.id, origin);
    throw new HttpError(401, TWO_FACTOR_MESSAGES.wrongCode);
  }
  await settleLogin(deps.db, keys);
  return openAdminSession(deps.db, deps.auth, found.user.id, origin, keys);
}

/** POST /api/user/admin/two-factor/setup: the required set-up's secret, with the set-up challenge only. */
export async function loginSetup(deps: TwoFactorDeps, challenge: string) {
  const found = await challengeOf(deps.db, challenge, 'twoFactorSetup');
  return startSetup(deps, found.user);
}

/**
 * POST /api/user/admin/two-factor/setup/confirm: the first code turns two-factor sign-in on and
 * opens the session; the recovery codes are answered with the token, this once.
 */
export async function loginSetupConfirm(
  deps: TwoFactorDeps,
  input: LoginInput & { code: string },
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const found = await challengeOf(deps.db, input.challenge, 'twoFactorSetup');
  const origin = { email: found.user.email, ip: input.ip, device: input.device };
  const keys = loginKeys(deps.auth, found.user.id, origin);
  await countLogin(deps.db, deps.auth, keys);
  const row = await findTwoFactor(deps.db, found.user.id);
  if (!row || row.enabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.setupNotStarted);
  const recoveryCodes = await enable(deps, found.user.id, input.code, { actorId: found.user.id, ip: input.ip });
  if (!recoveryCodes) {
    await recordRefusedSignIn(deps.db, found.user.id, origin);
    throw new HttpError(401, TWO_FACTOR_MESSAGES.wrongCode);
  }
  await deleteChallenge(deps.db, found.id);
  await settleLogin(deps.db, keys);
  return { ...(await openAdminSession(deps.db, deps.auth, found.user.id, origin, keys)), recoveryCodes };
}

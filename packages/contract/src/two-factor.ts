import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { objectIdSchema, textSchema } from './common';

/*
 * Two-factor sign-in with an authenticator app (issue 14; docs/decisions/038-two-factor-sign-in.md).
 * TOTP as RFC 6238 with the authenticator apps' defaults (SHA-1, 6 digits, 30 s), one step of clock
 * skew either way, each code accepted once. Ten single-use recovery codes when it is turned on.
 */

export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the server's own: a phone's clock a little fast or slow. */
  skewSteps: 1,
  recoveryCodeCount: 10,
  /** Base32 characters in a recovery code (80 bits), shown in groups of four. */
  recoveryCodeLength: 16,
  /** How long the login's challenge stays usable for the code. */
  challengeTtlSeconds: 300,
  /** The required set-up's challenge: time to install an app and scan the code. */
  setupChallengeTtlSeconds: 900,
  /** The name authenticator apps show above the account. */
  issuer: 'Backroom',
} as const;

/** The calls. The login's second step is public (the challenge is the credential); the rest need an admin. */
export const TWO_FACTOR_PATHS = {
  /** POST { challenge, code }: the code after a right password; answers the token. */
  loginCode: '/api/user/admin/two-factor',
  /** POST { challenge }: a required set-up during the login; answers the secret and QR code. */
  loginSetup: '/api/user/admin/two-factor/setup',
  /** POST { challenge, code }: confirms that set-up; answers the token and the recovery codes. */
  loginSetupConfirm: '/api/user/admin/two-factor/setup/confirm',
  /** GET: the signed-in admin's state. */
  status: '/api/two-factor',
  /** POST: starts (or restarts) enrolment: a new secret, not in force until confirmed. */
  setup: '/api/two-factor/setup',
  /** POST { code }: the first code confirms enrolment; answers the recovery codes, once. */
  enable: '/api/two-factor/enable',
  /** POST { password, code }: turns it off. */
  disable: '/api/two-factor/disable',
  /** GET / PUT { required }: Admin Management's setting, two-factor sign-in for every admin. */
  requirement: '/api/settings/two-factor',
  /** GET: every admin and whether they have it on (Admin Management). */
  admins: '/api/two-factor/admins',
  /** DELETE: another admin's two-factor sign-in turned off, for one who lost the phone and the codes. */
  admin: '/api/two-factor/admins/:id',
} as const;

/** DELETE /api/two-factor/admins/{id}. */
export const twoFactorAdminPath = (id: string) => TWO_FACTOR_PATHS.admin.replace(':id', encodeURIComponent(id));

/** What the login's first answer asks for next: a code, or a set-up the setting requires. */
export const LOGIN_NEXT_STEPS = ['twoFactorCode', 'twoFactorSetup'] as const;
export type LoginNextStep = (typeof LOGIN_NEXT_STEPS)[number];

export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app',
  setupNeeded: 'Two-factor sign-in is required for every admin: set it up to continue',
  /** The second step with a challenge unknown, used or expired: back to the password. */
  challengeExpired: 'Sign-in took too long. Please log in again.',
  /** A code that is wrong, outside the allowed skew, already used, or an unknown or used recovery code. */
  wrongCode: 'code: is not a valid code, or it was already used',
  codeFormat: 'must be the 6-digit code from your authenticator app or a recovery code',
  wrongPassword: 'password: is not your password',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  alreadyEnabled: 'Two-factor sign-in is already on: turn it off first to set it up again',
  notEnabled: 'Two-factor sign-in is not on',
  setupNotStarted: 'Start the set-up again: no secret is waiting for its first code',
  stillRequired: 'Two-factor sign-in is required for every admin (Admin Management): it cannot be turned off',
  requiredOn: 'Two-factor sign-in is now required for every admin',
  requiredOff: 'Two-factor sign-in is no longer required',
  resetDone: (name: string) => `Two-factor sign-in turned off for ${name}`,
  resetConfirm: (name: string) =>
    `Turn off two-factor sign-in for ${name}? They sign in with their password alone until they set it up again (at once, if it is required).`,
  notOnForAdmin: 'id: this admin does not have two-factor sign-in on',
  resetSelf: 'id: turn your own two-factor sign-in off from the account menu, with your password and a code',
  /** The key that encrypts the secrets changed since they were stored. */
  secretUnreadable:
    'The two-factor secret cannot be read: TOTP_ENCRYPTION_KEY has changed. Ask another admin to reset it.',
} as const;

const DIGITS_ONLY = /^\d{6}$/;
const RECOVERY_SHAPE = /^[A-Z2-7]{16}$/;

/** A second factor as typed: an authenticator's code, or a recovery code. */
export type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * Reads what the admin typed as a second factor: 6 digits (spaces allowed, as apps show '123 456'),
 * or a recovery code in any case with or without its dashes and spaces. Anything else is null.
 */
export function parseSecondFactor(typed: string): SecondFactor | null {
  const compact = typed.replace(/[\s-]/g, '');
  if (DIGITS_ONLY.test(compact)) return { kind: 'totp', code: compact };
  const upper = compact.toUpperCase();
  if (RECOVERY_SHAPE.test(upper)) return { kind: 'recovery', code: upper };
  return null;
}

/** A recovery code as shown: 'ABCD-EFGH-IJKL-MNOP'. */
export function formatRecoveryCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

/** The RFC 6238 time step of a moment (ms since the epoch). */
export function timeStepAt(ms: number): number {
  return Math.floor(ms / 1000 / TWO_FACTOR.periodSeconds);
}

/** The steps a code may come from at a moment: the current one and one either side, oldest first. */
export function acceptedSteps(ms: number): number[] {
  const now = timeStepAt(ms);
  const steps: number[] = [];
  for (let delta = -TWO_FACTOR.skewSteps; delta <= TWO_FACTOR.skewSteps; delta += 1) steps.push(now + delta);
  return steps;
}

/**
 * Whether a code of this step may still be used after lastUsed: each step's code once, and never one
 * older than a step already used (a code seen over a shoulder cannot follow a newer one).
 */
export function isFreshStep(step: number, lastUsed: number | null): boolean {
  return lastUsed === null || step > lastUsed;
}

/** Any second factor in a body: refused with the field named when it is neither shape. */
export const secondFactorSchema = textSchema({ error: 'is required' })
  .max(64, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((typed, ctx) => {
    const parsed = parseSecondFactor(typed);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: typed.trim() === '' ? 'is required' : TWO_FACTOR_MESSAGES.codeFormat });
      return z.NEVER;
    }
    return parsed;
  });

/** Only an authenticator's code (enrolment is confirmed by the app, not by a recovery code). */
export const totpCodeSchema = textSchema({ error: 'is required' })
  .max(64, 'must be the 6-digit code from your authenticator app')
  .transform((typed) => typed.replace(/\s/g, ''))
  .refine((code) => code !== '', 'is required')
  .refine((code) => code === '' || DIGITS_ONLY.test(code), 'must be the 6-digit code from your authenticator app');

const challengeSchema = textSchema({ error: 'is required' }).min(1, 'is required').max(100, 'is not a valid challenge');

/** The login's answer when a second step is needed: no token yet. */
export const loginChallengeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  next: z.enum(LOGIN_NEXT_STEPS),
  /** Short-lived (TWO_FACTOR.challengeTtlSeconds), good only for the step named by next. */
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

/**
 * POST /api/user/admin's answer: the token, or (two-factor sign-in on, or required) a challenge for
 * the second step. An account without two-factor sign-in gets the spec's answer unchanged.
 */
export const loginAnswerSchema = z.union([loginResponseSchema, loginChallengeResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/user/admin/two-factor. */
export const twoFactorLoginRequestSchema = z.strictObject({ challenge: challengeSchema, code: secondFactorSchema });
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>;

/** POST /api/user/admin/two-factor/setup. */
export const twoFactorLoginSetupRequestSchema = z.strictObject({ challenge: challengeSchema });

/** POST /api/user/admin/two-factor/setup/confirm. */
export const twoFactorLoginConfirmRequestSchema = z.strictObject({ challenge: challengeSchema, code: totpCodeSchema });
export type TwoFactorLoginConfirmRequest = z.input<typeof twoFactorLoginConfirmRequestSchema>;

/** A new secret for the authenticator app: typed by hand, or scanned as a QR code. */
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  /** Base32, as authenticator apps take it. */
  secret: z.string(),
  /** otpauth://totp/… as the QR code holds it. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data URL, for an img. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/two-factor/enable. */
export const enableTwoFactorRequestSchema = z.strictObject({ code: totpCodeSchema });
export type EnableTwoFactorRequest = z.input<typeof enableTwoFactorRequestSchema>;

/** The recovery codes, shown once. */
export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The required set-up confirmed during the login: the session, and the recovery codes. */
export const twoFactorLoginConfirmResponseSchema = recoveryCodesResponseSchema.extend({ token: z.string() });
export type TwoFactorLoginConfirmResponse = z.infer<typeof twoFactorLoginConfirmResponseSchema>;

/** POST /api/two-factor/disable. */
export const disableTwoFactorRequestSchema = z.strictObject({
  password: textSchema({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  code: secondFactorSchema,
});
export type DisableTwoFactorRequest = z.input<typeof disableTwoFactorRequestSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** Admin Management's setting. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** GET /api/two-factor. */
export const twoFactorStatusResponseSchema = z.object({ success: z.literal(true), twoFactor: twoFactorStatusSchema });

/** PUT /api/settings/two-factor. */
export const twoFactorRequirementRequestSchema = z.strictObject({
  required: z.boolean({ error: 'must be true or false' }),
});
export type TwoFactorRequirementRequest = z.infer<typeof twoFactorRequirementRequestSchema>;

export const twoFactorRequirementResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  required: z.boolean(),
});
export type TwoFactorRequirementResponse = z.infer<typeof twoFactorRequirementResponseSchema>;

/** GET /api/settings/two-factor. */
export const twoFactorRequirementStateSchema = z.object({ success: z.literal(true), required: z.boolean() });

/** An admin in Admin Management's two-factor list. */
export const adminTwoFactorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  enabled: z.boolean(),
});
export type AdminTwoFactor = z.infer<typeof adminTwoFactorSchema>;

/** GET /api/two-factor/admins: every admin (oldest first, at most 500), with or without it. */
export const adminTwoFactorListResponseSchema = z.object({
  success: z.literal(true),
  admins: z.array(adminTwoFactorSchema),
});

export const adminTwoFactorParamsSchema = z.strictObject({ id: objectIdSchema });

import { COMMON_PASSWORDS } from './common-passwords';

/** An admin's password: at least this many characters (docs/decisions/024-admin-accounts.md). */
export const PASSWORD_MIN_LENGTH = 12;
/** A bound on what is hashed; long passphrases fit well within it. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The one message for both rules (too short, or a commonly used password), said the same by the
 * form and the server: the form puts 'Password' before it, the server 'password:'.
 */
export const PASSWORD_POLICY_MESSAGE = `must be at least ${PASSWORD_MIN_LENGTH} characters and not a commonly used password`;

let common: ReadonlySet<string> | undefined;

/** True when the password, ignoring case and surrounding spaces, is on the shipped common-password list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase());
}

/**
 * Whether a new password meets the policy: at least PASSWORD_MIN_LENGTH characters (counted as the
 * user sees them, so an emoji is one) and not a commonly used password.
 */
export function meetsPasswordPolicy(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && !isCommonPassword(password);
}

import { parseSecondFactor, totpCodeSchema } from '@backroom/contract';

/** What the code field says when what was typed cannot be a code: nothing when it can. */
export function codeFieldError(typed: string, allowRecovery: boolean): string | undefined {
  if (typed.trim() === '') return 'Code is required';
  if (allowRecovery) {
    return parseSecondFactor(typed)
      ? undefined
      : 'Enter the 6-digit code from your authenticator app or a recovery code';
  }
  return totpCodeSchema.safeParse(typed).success ? undefined : 'Enter the 6-digit code from your authenticator app';
}

import type { Role } from '../constants';

/**
 * The guard rails on role changes and deletions (issue 10): refusals no admin should hit by
 * accident, answered 409 with these messages.
 */
export const USER_GUARD_MESSAGES = {
  ownRole: 'You cannot change your own role: ask another admin to do it',
  ownAccount: 'You cannot delete your own account: ask another admin to do it',
  lastAdminDemote: 'The last active admin cannot be demoted: make another user an admin first',
  lastAdminDelete: 'The last active admin cannot be deleted: make another user an admin first',
  userNotFound: 'User not found',
} as const;

/** What the guard needs to know about the account acted on. */
export interface GuardTarget {
  id: string;
  role: Role;
  isActive: boolean;
}

/**
 * Why a role change is refused, or null when it may go ahead. `activeAdmins` counts the active
 * admins as the transaction sees them, with their rows locked (the service's job), so two admins
 * demoting each other at once cannot both pass.
 */
export function roleChangeRefusal(
  actorId: string,
  target: GuardTarget,
  role: Role,
  activeAdmins: number,
): string | null {
  if (target.id === actorId) return USER_GUARD_MESSAGES.ownRole;
  if (leavesNoAdmin(target, role === 'admin', activeAdmins)) return USER_GUARD_MESSAGES.lastAdminDemote;
  return null;
}

/** Why deleting an account is refused, or null when it may go ahead (same locking as above). */
export function deletionRefusal(actorId: string, target: GuardTarget, activeAdmins: number): string | null {
  if (target.id === actorId) return USER_GUARD_MESSAGES.ownAccount;
  if (leavesNoAdmin(target, false, activeAdmins)) return USER_GUARD_MESSAGES.lastAdminDelete;
  return null;
}

/** True when the target is an active admin who would stop being one and is the only one left. */
function leavesNoAdmin(target: GuardTarget, staysAdmin: boolean, activeAdmins: number): boolean {
  return target.role === 'admin' && target.isActive && !staysAdmin && activeAdmins <= 1;
}

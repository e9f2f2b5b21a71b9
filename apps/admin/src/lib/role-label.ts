import type { Role } from '@backroom/contract';

/** A role as every screen writes it: 'Admin' or 'User' (Users, Admin Management, details). */
export function roleLabel(role: Role): 'Admin' | 'User' {
  return role === 'admin' ? 'Admin' : 'User';
}

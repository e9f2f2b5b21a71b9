import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type Admin,
  EVENTS,
  type registerAdminRequestSchema,
  type updateAdminRequestSchema,
} from '@backroom/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { pick } from '../activity/snapshot';
import { hashPassword } from '../auth/passwords';
import { type AdminRow, emailTakenByOther, insertAdmin, listAdmins, lockUser, updateAdminRow } from './repository';

export interface AdminDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

/** The usersUpdated event this module sends (a new admin, an edited one). */
interface AdminsChanged {
  action: 'created' | 'updated';
  id: string;
}

function notify(deps: AdminDeps, event: AdminsChanged): void {
  deps.realtime.toAdmins(EVENTS.usersUpdated, event);
}

const toAdmin = (row: AdminRow): Admin => ({ _id: row.id, ...omitId(row) });
function omitId({ id: _id, ...rest }: AdminRow) {
  return rest;
}

/** PostgreSQL's unique_violation, however the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** GET /api/admin/list: every admin, oldest first, capped at ADMIN_LIMITS.maxListed. */
export async function getAdmins(db: Db): Promise<Admin[]> {
  return (await listAdmins(db, ADMIN_LIMITS.maxListed)).map(toAdmin);
}

/**
 * POST /api/user/register: a new admin account (the caller is an admin: the route is not public),
 * its password hashed with argon2id. A taken e-mail is a 409.
 */
export async function registerAdmin(
  deps: AdminDeps,
  input: z.output<typeof registerAdminRequestSchema>,
): Promise<Admin> {
  const passwordHash = await hashPassword(input.password);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertAdmin(tx, { name: input.name, email: input.email, passwordHash });
    if (inserted) await recordChange(tx, 'admin', 'created', inserted.id, null, inserted, ['id', 'createdAt']);
    return inserted;
  });
  if (!row) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
  notify(deps, { action: 'created', id: row.id });
  return toAdmin(row);
}

/**
 * PUT /api/admin/{id}: an admin's name and e-mail. 404 for no such account, 400 for an account
 * that is not an admin, 409 for an e-mail another account holds.
 */
export async function updateAdmin(
  deps: AdminDeps,
  id: string,
  input: z.output<typeof updateAdminRequestSchema>,
): Promise<Admin> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await lockUser(tx, id);
      if (!current) throw new HttpError(404, ADMIN_MESSAGES.adminNotFound);
      if (current.role !== 'admin') throw new HttpError(400, ADMIN_MESSAGES.notAnAdmin);
      if (await emailTakenByOther(tx, input.email, id)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
      const updated = await updateAdminRow(tx, id, input);
      if (!updated) throw new HttpError(404, ADMIN_MESSAGES.adminNotFound);
      await recordChange(tx, 'admin', 'updated', id, pick(current, updated), updated, ['id', 'createdAt']);
      return updated;
    });
    notify(deps, { action: 'updated', id: row.id });
    return toAdmin(row);
  } catch (error) {
    // Another account took the e-mail between the check and the update.
    if (isUniqueViolation(error)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
    throw error;
  }
}

import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { sessions } from './schema';

/**
 * The proof that a remembered session was not revoked, carried by a read-only request's own
 * statement (decision 054's sixth amendment): the statement selects `sessionLive(...)` beside its
 * rows, and the repository that ran it says what it saw (`settle`). Every revocation sets the
 * session's revoked_at or deletes its row in the revoking transaction (migrations 0001 and 0022:
 * logout, a password or role change, deactivation, a deleted user), and the statement's snapshot is
 * taken after the request arrived, so a live session in it proves what the session cache's round
 * trip proves (every revocation committed before the request has been seen), in the read's own
 * round trip. A statement that returned no row proves nothing: `live` stays undefined and the
 * answer waits for the cache's round trip instead (plugins/app/auth.ts).
 */
export class SessionProof {
  /** What the statement saw: true live, false revoked or gone, undefined no statement said. */
  live: boolean | undefined;

  constructor(readonly sessionId: string) {}

  /** A statement's `live` column; once refused, the session stays refused for this request. */
  settle(live: unknown): void {
    if (typeof live !== 'boolean' || this.live === false) return;
    this.live = live;
  }
}

/**
 * The column a read's statement carries for the proof: uncorrelated with the statement's rows, so
 * PostgreSQL runs it once per statement (an InitPlan, an index probe of the sessions' key). Given
 * null (no remembered session to prove) it is false, and nothing reads it.
 */
export const sessionLive = (sessionId: Placeholder | SQL) =>
  sql<boolean>`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;

/** The placeholder's value for a request: its proof's session, or null. */
export const sessionToProve = (proof: SessionProof | undefined) => proof?.sessionId ?? null;

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { HttpError } from '../../http-error';
import type { Principal } from './service';

/** How long a checked session is trusted without asking the database again, at most. */
export const SESSION_CACHE_MS = 5_000;
/** Sessions remembered at once; the oldest goes first. */
export const SESSION_CACHE_ENTRIES = 10_000;
/** A remembered session used this close to the end of its time is checked again in the background. */
export const SESSION_REFRESH_AHEAD_MS = 1_000;

interface Entry {
  principal: Principal;
  until: number;
}

/**
 * Remembers, for a few seconds, which token hashes name a valid admin session, so a busy admin's
 * requests do not each query the sessions table (decision 020). Revocation stays immediate:
 *
 * - Every revocation (logout, password or role change, deactivation, expiry sweep) is announced by
 *   the database on 'session_revoked' (migration 0001); this cache LISTENs on its own connection
 *   and forgets that session as soon as the notice arrives.
 * - A notice is in flight for a moment after the revoking transaction commits. So before a
 *   remembered session is trusted, the request waits for a round trip on that same connection
 *   started after the request arrived: PostgreSQL sends a connection's pending notices before it
 *   answers its next query, so every revocation committed before the request is seen by then.
 *   Round trips are shared by all the requests that wait at the same time.
 * - While the connection is down (and until it is back and listening) nothing is remembered and
 *   every request asks the database, as before.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keyOfSession = new Map<string, string>();
  /** Counts every notice and every loss of the connection: a lookup that saw it change stores nothing. */
  private changes = 0;
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  /** Token hashes whose background check is under way. */
  private readonly refreshing = new Set<string>();
  /** The database check under way for a token hash, which others of that token wait for (`load`). */
  private readonly loading = new Map<string, Promise<Principal>>();

  constructor(
    private readonly options: {
      databaseUrl: string;
      log: FastifyBaseLogger;
      ttlMs?: number;
      maxEntries?: number;
    },
  ) {}

  /** Connects and LISTENs; resolves once listening (or once the first try failed: it retries). */
  async start(): Promise<void> {
    const next = new pg.Client({ connectionString: this.options.databaseUrl });
    next.on('notification', (msg) => {
      if (msg.channel === 'session_revoked' && msg.payload) this.forget(msg.payload);
    });
    next.on('error', (err) => {
      this.options.log.warn({ err }, 'session cache lost its database connection');
      this.lost(next);
    });
    try {
      await next.connect();
      await next.query('LISTEN session_revoked');
      if (this.closed) {
        await next.end();
        return;
      }
      this.client = next;
      this.listening = true;
    } catch (err) {
      this.options.log.warn({ err }, 'session cache could not listen for revocations');
      this.lost(next);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.retry);
    this.clear();
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }

  /**
   * The principal for a token hash: remembered if still valid, otherwise `load` (the database
   * check, which throws for a token it refuses; a refusal is never remembered).
   */
  async principal(tokenHash: string, load: () => Promise<Principal>): Promise<Principal> {
    const hit = this.remembered(tokenHash);
    if (hit && (await hit.confirmed)) return hit.principal;
    return this.load(tokenHash, load);
  }

  /**
   * A remembered session at once, with the proof still to come: `confirmed` resolves true once a
   * round trip on the listening connection, started now, has come back and the session was not
   * revoked meanwhile, false otherwise (it never rejects).
   */
  remembered(
    tokenHash: string,
    refresh?: () => Promise<Principal>,
  ): { principal: Principal; confirmed: Promise<boolean> } | undefined {
    const hit = this.peek(tokenHash, refresh);
    return hit && { principal: hit.principal, confirmed: hit.confirm() };
  }

  /**
   * A remembered session, its proof not asked for yet: `confirm()` starts the round trip and
   * resolves as `remembered`'s `confirmed` does. A read-only request runs its handler first, and
   * asks for the round trip only if its own statement did not carry the proof
   * (db/session-proof.ts, plugins/app/auth.ts); a round trip started later than the request's
   * arrival still sees every revocation committed before it.
   */
  peek(
    tokenHash: string,
    refresh?: () => Promise<Principal>,
  ): { principal: Principal; confirm: () => Promise<boolean> } | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit || !this.listening) return undefined;
    const now = Date.now();
    if (hit.until <= now) {
      this.delete(tokenHash);
      return undefined;
    }
    if (refresh && hit.until - now < SESSION_REFRESH_AHEAD_MS) this.refresh(tokenHash, refresh);
    const confirm = () =>
      this.seenEveryRevocationSoFar().then(
        () => this.entries.get(tokenHash) === hit && this.listening,
        // The connection went away during the round trip: not confirmed, ask the database.
        () => false,
      );
    return { principal: hit.principal, confirm };
  }

  /**
   * The database check for a token hash, remembered unless a notice or a lost connection came
   * meanwhile. Requests of one token that miss at the same moment (a server's first burst, an
   * expired entry under load, a screen's calls at once) send one check, not one each: a request
   * that finds a check of its token under way waits for it. That check started before this
   * request arrived, so what it saw proves nothing about revocations committed since: its answer,
   * remembered, is trusted only as any remembered session is, once a round trip on the listening
   * connection started after it came back confirms it (`peek`'s `confirm`). Not confirmed, refused,
   * or failed: the request asks the database itself. Nothing is shared while not listening.
   */
  async load(tokenHash: string, load: () => Promise<Principal>): Promise<Principal> {
    const underWay = this.listening ? this.loading.get(tokenHash) : undefined;
    if (underWay) {
      const hit = await underWay.then(
        () => this.peek(tokenHash),
        () => undefined,
      );
      if (hit && (await hit.confirm())) return hit.principal;
    }
    return this.loadNow(tokenHash, load);
  }

  private loadNow(tokenHash: string, load: () => Promise<Principal>): Promise<Principal> {
    const before = this.changes;
    const checked = load().then((principal) => {
      if (this.listening && this.changes === before) this.remember(tokenHash, principal);
      return principal;
    });
    if (this.listening) {
      this.loading.set(tokenHash, checked);
      const done = () => {
        if (this.loading.get(tokenHash) === checked) this.loading.delete(tokenHash);
      };
      checked.then(done, done);
    }
    return checked;
  }

  /**
   * Checks a remembered session again in the background in the last moments of its time, so that a
   * session in use does not expire from the cache under load: every request that missed it would
   * ask the database at once, each waiting for a pool connection (in the mixed load, about 200
   * lookups every 5 s, each request paying two waits in the pool's queue). The check is the
   * ordinary one (`load`): remembered only if no notice came meanwhile; a refusal forgets the
   * session. The request that started it is answered on the remembered session, with its proof.
   */
  private refresh(tokenHash: string, check: () => Promise<Principal>) {
    if (this.refreshing.has(tokenHash)) return;
    this.refreshing.add(tokenHash);
    this.load(tokenHash, check)
      // Refused: forget it. The database busy or away: it keeps its time, as it would have.
      .catch((err) => {
        if (err instanceof HttpError) this.delete(tokenHash);
      })
      .finally(() => this.refreshing.delete(tokenHash));
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(tokenHash: string, principal: Principal) {
    const until = Math.min(Date.now() + (this.options.ttlMs ?? SESSION_CACHE_MS), principal.expiresAt.getTime());
    // Checked again: the same entry, given more time. A proof under way holds the entry it found
    // and is refused if that entry is gone (a notice, the connection lost); replacing it here
    // refused every request whose proof was under way, and each then asked the database, whose
    // answer replaced the entry again: under load nearly every request asked the database.
    const same = this.entries.get(tokenHash);
    const entry = same?.principal.sessionId === principal.sessionId ? same : { principal, until };
    entry.until = until;
    if (entry !== same) this.delete(tokenHash);
    // Last in the map's order: the oldest-first bound counts from the latest check.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    this.keyOfSession.set(principal.sessionId, tokenHash);
    const max = this.options.maxEntries ?? SESSION_CACHE_ENTRIES;
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    if (this.keyOfSession.get(entry.principal.sessionId) === tokenHash) {
      this.keyOfSession.delete(entry.principal.sessionId);
    }
  }

  private forget(sessionId: string) {
    this.changes++;
    const key = this.keyOfSession.get(sessionId);
    if (key !== undefined) this.delete(key);
  }

  private clear() {
    this.changes++;
    this.entries.clear();
    this.loading.clear();
    this.keyOfSession.clear();
  }

  private lost(client: pg.Client) {
    if (this.client === client || this.client === undefined) {
      this.listening = false;
      this.client = undefined;
      // Notices may be missed while away: forget everything, and ask the database until back.
      this.clear();
    }
    client.end().catch(() => {});
    if (!this.closed) {
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.start(), 1000);
    }
  }

  /**
   * Resolves after a round trip on the listening connection that started after this call, so
   * every notice sent before the call has been handled. One round trip at a time; callers that
   * arrive while one is under way share the next one.
   */
  private seenEveryRevocationSoFar(): Promise<void> {
    if (!this.current) {
      this.current = this.ping().finally(() => {
        this.current = undefined;
      });
      return this.current;
    }
    if (!this.next) {
      const after = this.current.catch(() => {});
      this.next = after.then(() => {
        this.next = undefined;
        return this.seenEveryRevocationSoFar();
      });
    }
    return this.next;
  }

  private async ping(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('not listening');
    await client.query('select 1');
  }
}

import { MESSAGES, TOKEN_HEADER } from '@backroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { SessionProof } from '../../db/session-proof';
import { ServerBusy } from '../../http-error';
import { authenticateSession, type Principal, requireKind } from '../../modules/auth/service';
import { SessionCache } from '../../modules/auth/session-cache';
import { hashToken } from '../../modules/auth/tokens';
import { knownError } from './errors';

/** A read-only request let through on a remembered session: the proof that it was not revoked is still to come. */
interface PendingCheck {
  /** The proof its own statement may carry (db/session-proof.ts), on a route whose statement can. */
  proof: SessionProof | undefined;
  /** The session cache's round trip (already under way on a route whose statement carries no proof). */
  confirm: () => Promise<boolean>;
  token: string;
  tokenHash: string;
  access: 'admin' | 'customer';
}

const pendingChecks = new WeakMap<FastifyRequest, PendingCheck>();

/**
 * Every /api route needs an admin's token unless its config says public, or a customer's token
 * when its config says access 'customer' (the storefront's calls, decision 029). Checked in onRequest,
 * before the body is even read, so an anonymous caller costs one indexed lookup at most. A session
 * checked a moment ago is remembered for a few seconds, and forgotten the moment it is revoked
 * (modules/auth/session-cache.ts, decision 020): before a remembered session is trusted, a round
 * trip on the cache's listening connection proves no revocation is still in flight. A route whose
 * config says readOnly (it writes nothing: a list, a summary) runs at once, and its answer waits
 * for the proof in onSend: the one its own statement carried (request.sessionProof,
 * db/session-proof.ts: the session's row in the statement's snapshot), else the cache's round trip,
 * asked for then; a revoked session's answer is replaced by the refusal the database gives
 * (decision 054). A route that writes with one statement carrying the proof (config sessionProof
 * without readOnly: the status change) runs at once too: its statement writes only if the session
 * is live in its own snapshot, and its answer waits in onSend as a read-only one does (decision 057,
 * eighth stop). Every other route waits for the cache's proof before its handler.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  // The pool Drizzle was given (db/client.ts): the cache opens its own connection to the same database.
  const pool = (app.ctx.db as unknown as { $client: pg.Pool }).$client;
  const cache = new SessionCache({ databaseUrl: String(pool.options.connectionString), log: app.log });
  await cache.start();
  app.addHook('onClose', async () => {
    await cache.close();
  });

  const check = (token: string | undefined, tokenHash: string | undefined) =>
    tokenHash === undefined
      ? authenticateSession(app.ctx.db, token)
      : cache.load(tokenHash, () => authenticateSession(app.ctx.db, token));

  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('sessionProof', undefined);

  /** The session, asked for before the handler runs (a remembered one once the proof is in). */
  const checkNow = (
    request: FastifyRequest,
    access: 'admin' | 'customer',
    token: string | undefined,
    tokenHash: string | undefined,
    hit: ReturnType<SessionCache['remembered']>,
    done: (err?: Error) => void,
  ) => {
    const principal = hit
      ? hit.confirmed.then((ok) => (ok ? hit.principal : check(token, tokenHash)))
      : check(token, tokenHash);
    principal.then(
      (found) => {
        try {
          request.principal = requireKind(found, access);
          done();
        } catch (err) {
          done(err as Error);
        }
      },
      (err: Error) => done(err),
    );
  };

  const checkFirst =
    (access: 'admin' | 'customer'): onRequestHookHandler =>
    (request, _reply, done) => {
      const token = tokenOf(request);
      const tokenHash = hashOf(token);
      checkNow(
        request,
        access,
        token,
        tokenHash,
        tokenHash === undefined ? undefined : cache.remembered(tokenHash, () => authenticateSession(app.ctx.db, token)),
        done,
      );
    };

  /**
   * A read-only route: on a remembered session the handler runs at once (decision 054). When the
   * route's statement carries the proof (config `sessionProof`, db/session-proof.ts), the cache's
   * round trip is asked for only if it did not; otherwise it is sent once this turn of the event
   * loop is over, behind the handler's own statement, and runs beside it.
   */
  const besideTheProof =
    (access: 'admin' | 'customer', carried: boolean): onRequestHookHandler =>
    (request, _reply, done) => {
      const token = tokenOf(request);
      const tokenHash = hashOf(token);
      const hit =
        tokenHash === undefined ? undefined : cache.peek(tokenHash, () => authenticateSession(app.ctx.db, token));
      if (hit && token && tokenHash && hit.principal.kind === access) {
        request.principal = hit.principal;
        let proof: SessionProof | undefined;
        let confirm = hit.confirm;
        if (carried) {
          proof = new SessionProof(hit.principal.sessionId);
          request.sessionProof = proof;
        } else {
          const confirmed = new Promise<void>((resolve) => setImmediate(resolve)).then(hit.confirm);
          confirm = () => confirmed;
        }
        pendingChecks.set(request, { proof, confirm, token, tokenHash, access });
        return done();
      }
      checkNow(request, access, token, tokenHash, hit && { principal: hit.principal, confirmed: hit.confirm() }, done);
    };

  // A read-only answer leaves once its session is proven not revoked, or is replaced by the refusal.
  const waitForTheProof: onSendHookHandler = (request, reply, payload, done) => {
    const pending = pendingChecks.get(request);
    if (!pending) return done(null, payload);
    pendingChecks.delete(request);
    const live = pending.proof?.live;
    // Its statement saw the session live after the request arrived: proven in the read's round trip.
    if (live === true) return done(null, payload);
    // Seen revoked (false: the database's check gives the refusal), or no statement said (the cache's round trip).
    const confirmed = live === false ? Promise.resolve(false) : pending.confirm();
    confirmed
      .then(async (ok) => {
        if (!ok) requireKind(await check(pending.token, pending.tokenHash), pending.access);
      })
      .then(
        () => done(null, payload),
        (err: unknown) => done(null, refusal(reply, payload, err)),
      );
  };

  // The hooks go on the routes that need them, as each is added: a public route (the health
  // probes, the login) runs none, and a protected one does not read its options at every request
  // (request.routeOptions builds a new object at each read). First among the route's own hooks,
  // so a refusal comes before anything else of the route runs, and the proof is waited for before
  // the answer is compressed. Every protected route must be added after this plugin: checked below.
  const guarded = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.public || !route.url.startsWith('/api')) return;
    const access = route.config?.access ?? 'admin';
    const readOnly = Boolean(route.config?.readOnly);
    const carried = Boolean(route.config?.sessionProof);
    // A write runs before the cache's proof only when its statement carries the proof and is gated by it.
    const beside = readOnly || carried;
    route.onRequest = [beside ? besideTheProof(access, carried) : checkFirst(access), ...hooksOf(route.onRequest)];
    if (beside) route.onSend = [waitForTheProof, ...hooksOf(route.onSend)];
    for (const method of [route.method].flat()) guarded.add(`${method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    const unguarded = app.routeTable.filter(
      (r) => !r.public && r.url.startsWith('/api') && !guarded.has(`${r.method} ${r.url}`),
    );
    if (unguarded.length > 0) {
      throw new Error(
        `routes added before the auth plugin would go unchecked: ${unguarded.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
});

const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([hooks].flat() as T[]));

/** The session token the request carries, if any. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/** Only a token authenticate() would look up can be remembered; the rest go straight to it. */
const hashOf = (token: string | undefined) => (!token || token.length > 200 ? undefined : hashToken(token));

const BODY_HEADERS = [
  'content-length',
  'content-disposition',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
];

/** The answer a refused session gets in place of what its read-only handler wrote. */
function refusal(reply: FastifyReply, payload: unknown, err: unknown): string {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') {
    (payload as { destroy: () => void }).destroy();
  }
  // What a handler may have said about its own body; the security headers stay.
  for (const name of BODY_HEADERS) reply.removeHeader(name);
  // As the error handler would answer it: a full pool is a 503 with Retry-After, not a 500.
  const known = knownError(err);
  if (!known) reply.log.error({ err }, 'session check failed');
  else if (known instanceof ServerBusy) reply.log.warn({ err }, 'overloaded: answered 503');
  if (known?.retryAfterSeconds !== undefined) reply.header('retry-after', known.retryAfterSeconds);
  reply.code(known?.statusCode ?? 500).type('application/json; charset=utf-8');
  return JSON.stringify({ success: false, message: known?.message ?? MESSAGES.serverError });
}

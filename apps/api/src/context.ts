import type { FastifySchema } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SessionProof } from './db/session-proof';
import type { AuthSettings, Principal } from './modules/auth/service';
import type { Realtime } from './plugins/infrastructure/realtime';
import type { ImageStorage } from './storage/image-storage';

/** What every module reaches through app.ctx: built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  auth: AuthSettings;
  realtime: Realtime;
  /** Image files: DATA_DIR/uploads or an S3-compatible bucket (set by plugins/app/uploads.ts). */
  storage: ImageStorage;
  /** Set by server.ts on SIGTERM: readiness answers 503 from then on (decision 062). */
  lifecycle: { shuttingDown: boolean };
}

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** Who may call it when not public: an admin session, or a customer session (decision 029). */
  access: 'admin' | 'customer';
  /** The route's schemas (body, querystring, params, response): the fuzz test reads the fields. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route the app registered, for the tests that prove each one protected and never a 500. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    /** The signed-in admin (or customer, on customer routes); set on every protected route before its handler runs. */
    principal: Principal;
    /**
     * On a route whose config says sessionProof, let through on a remembered session: the proof its
     * own statement carries (db/session-proof.ts, decision 054's sixth amendment); otherwise undefined.
     */
    sessionProof: SessionProof | undefined;
  }
  interface FastifyContextConfig {
    /** A route anyone may call (login, health). Everything else under /api needs an admin. */
    public?: boolean;
    /** 'customer': the route needs a customer's session instead of an admin's (the storefront's calls). */
    access?: 'admin' | 'customer';
    /**
     * The route writes nothing (a list, a summary): on a remembered session it runs beside the
     * revocation check and its answer waits for it (plugins/app/auth.ts, decision 054).
     */
    readOnly?: boolean;
    /**
     * A route whose statement carries the session's proof (request.sessionProof,
     * db/session-proof.ts): the revocation round trip is asked for only when it did not. Without
     * readOnly, the route writes in that one statement only if the proof holds (the status change,
     * orders/status-change.ts changeStatusAtOnce) and writes nothing before it: it too runs on a
     * remembered session at once, its answer waiting for the proof (plugins/app/auth.ts).
     */
    sessionProof?: boolean;
  }
}

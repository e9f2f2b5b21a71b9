import { API_PATHS, HEALTH_MESSAGES, healthRefusedResponseSchema, healthResponseSchema } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationsApplied } from '../../db/client';

/**
 * Public probes for load balancers and orchestrators (docs/decisions/062-health-and-shutdown.md):
 * /api/health/live says the process answers (no database); /api/health/ready, and /api/health as
 * before, that this instance takes work: its database answers with every migration applied, and
 * no shutdown has begun (server.ts sets app.ctx.lifecycle.shuttingDown on SIGTERM).
 */
/** Liveness's answer, the same every time. */
const LIVE = Object.freeze({ success: true as const, status: 'ok' as const });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A plain function: nothing to wait for, so no promise per probe (Fastify sends what it returns).
  app.get(
    API_PATHS.live,
    { config: { public: true }, schema: { response: { 200: healthResponseSchema } } },
    () => LIVE,
  );

  // Once seen applied, they stay applied: later probes only ask the database to answer.
  let migrated = false;
  const refuse = (reply: FastifyReply, message: string) => {
    reply.status(503).header('cache-control', 'no-store');
    return { success: false as const, message };
  };
  const ready = {
    config: { public: true },
    schema: { response: { 200: healthResponseSchema, 503: healthRefusedResponseSchema } },
  };
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    if (app.ctx.lifecycle.shuttingDown) return refuse(reply, HEALTH_MESSAGES.shuttingDown);
    try {
      if (migrated) await app.ctx.db.execute(sql`select 1`);
      else migrated = await migrationsApplied(app.ctx.db);
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database does not answer');
      return refuse(reply, HEALTH_MESSAGES.database);
    }
    if (!migrated) return refuse(reply, HEALTH_MESSAGES.migrations);
    return { success: true as const, status: 'ok' as const };
  };
  app.get(API_PATHS.ready, ready, readiness);
  app.get(API_PATHS.health, ready, readiness);
};

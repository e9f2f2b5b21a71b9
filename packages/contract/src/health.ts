import { z } from 'zod';

/**
 * GET /api/health/live (the process answers) and GET /api/health/ready, also GET /api/health
 * (ready to take requests: the database answers, its migrations are applied, no shutdown begun):
 * public probes for load balancers and orchestrators (docs/decisions/062-health-and-shutdown.md).
 */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['ok']),
});

/** Readiness refused (503): why, in the error envelope's shape. */
export const healthRefusedResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});

export const HEALTH_MESSAGES = {
  shuttingDown: 'Shutting down: this instance takes no new work',
  database: 'The database does not answer',
  migrations: "The database's migrations are not all applied",
} as const;

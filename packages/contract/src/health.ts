import { z } from 'zod';

/** GET /api/health: public liveness and readiness probe for load balancers. */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['ok']),
});

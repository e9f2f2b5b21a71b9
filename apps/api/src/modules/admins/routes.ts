import {
  ADMIN_MESSAGES,
  API_PATHS,
  adminListResponseSchema,
  adminParamsSchema,
  errorResponseSchema,
  MESSAGES,
  registerAdminRequestSchema,
  registerAdminResponseSchema,
  updateAdminRequestSchema,
  updateAdminResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdmins, registerAdmin, updateAdmin } from './service';

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Admin Management: the admin list, creating an admin, editing one's name and e-mail. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime });

  app.get(API_PATHS.adminList, { schema: { response: { 200: adminListResponseSchema } } }, async () => ({
    success: true as const,
    admins: await getAdmins(app.ctx.db),
  }));

  // Not a public sign-up: like every route without config.public, it needs an admin's token.
  app.post(
    API_PATHS.userRegister,
    {
      schema: {
        body: registerAdminRequestSchema,
        response: { 200: registerAdminResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.adminCreated,
      admin: await registerAdmin(deps(), request.body),
    }),
  );

  app.put(
    API_PATHS.admin,
    {
      schema: {
        params: adminParamsSchema,
        body: updateAdminRequestSchema,
        response: { 200: updateAdminResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.adminUpdated,
      admin: await updateAdmin(deps(), request.params.id, request.body),
    }),
  );
};

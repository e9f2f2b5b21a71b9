import {
  API_PATHS,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  userAddressesResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userOrdersQuerySchema,
  userOrdersResponseSchema,
  userParamsSchema,
  userRoleRequestSchema,
  userRoleResponseSchema,
  userStatsResponseSchema,
  userSummaryResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeUserRole, listUsers, removeUser, userAddresses, userOrders, userStats, userSummary } from './service';

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };
const guarded = { ...refusals, 409: errorResponseSchema };

/** Users screen calls (spec 2 section 7): list, tiles, role, delete, a user's details, orders and addresses. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime });

  app.get(
    API_PATHS.userAll,
    {
      schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema, 400: errorResponseSchema } },
    },
    async (request) => ({ success: true as const, ...(await listUsers(app.ctx.db, request.query)) }),
  );

  app.get(API_PATHS.userStats, { schema: { response: { 200: userStatsResponseSchema } } }, async () => ({
    success: true as const,
    ...(await userStats(app.ctx.db)),
  }));

  app.post(
    API_PATHS.userRole,
    { schema: { body: userRoleRequestSchema, response: { 200: userRoleResponseSchema, ...guarded } } },
    async (request) => {
      const user = await changeUserRole(deps(), request.principal, request.body);
      return { success: true as const, message: MESSAGES.roleUpdated(user.role), user };
    },
  );

  app.delete(
    API_PATHS.user,
    { schema: { params: userParamsSchema, response: { 200: messageResponseSchema, ...guarded } } },
    async (request) => {
      await removeUser(deps(), request.principal, request.params.id);
      return { success: true as const, message: MESSAGES.userDeleted };
    },
  );

  app.get(
    API_PATHS.userSummary,
    { schema: { params: userParamsSchema, response: { 200: userSummaryResponseSchema, ...refusals } } },
    async (request) => ({ success: true as const, ...(await userSummary(app.ctx.db, request.params.id)) }),
  );

  app.get(
    API_PATHS.userOrders,
    {
      schema: {
        params: userParamsSchema,
        querystring: userOrdersQuerySchema,
        response: { 200: userOrdersResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await userOrders(app.ctx.db, request.params.id, request.query)),
    }),
  );

  app.get(
    API_PATHS.userAddresses,
    { schema: { params: userParamsSchema, response: { 200: userAddressesResponseSchema, ...refusals } } },
    async (request) => ({
      success: true as const,
      addresses: await userAddresses(app.ctx.db, request.params.id),
    }),
  );
};

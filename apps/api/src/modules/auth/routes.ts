import {
  API_PATHS,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  MESSAGES,
  messageResponseSchema,
  userInfoResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { login, logout, userInfo } from './service';

// POST without a body, or with an empty JSON object.
const noBody = z.strictObject({}).nullish();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.login,
    {
      config: { public: true },
      schema: {
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token } = await login(app.ctx.db, app.ctx.auth, { ...request.body, ip: request.ip });
      return { success: true as const, token, message: MESSAGES.loggedIn };
    },
  );

  app.post(
    API_PATHS.logout,
    { schema: { body: noBody, response: { 200: messageResponseSchema } } },
    async (request) => {
      await logout(app.ctx.db, request.principal);
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  );

  app.get(API_PATHS.userInfo, { schema: { response: { 200: userInfoResponseSchema } } }, async (request) => {
    const user = await userInfo(app.ctx.db, request.principal);
    return { success: true as const, user };
  });
};

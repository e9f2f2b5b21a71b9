import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PATHS,
  customerMeResponseSchema,
  customerRegisterRequestSchema,
  customerSessionResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginThrottled, logout, userInfo } from '../auth/service';
import { loginCustomer, registerCustomer } from './service';

const noBody = z.strictObject({}).nullish();

/** The storefront's sign-in calls (docs/customer-api.md). */
export const customerAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    CUSTOMER_PATHS.register,
    {
      config: { public: true },
      schema: {
        body: customerRegisterRequestSchema,
        response: {
          201: customerSessionResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const token = await registerCustomer(app.ctx.db, app.ctx.auth, { ...request.body, ip: request.ip });
      reply.code(201);
      return { success: true as const, token, message: CUSTOMER_MESSAGES.registered };
    },
  );

  app.post(
    CUSTOMER_PATHS.login,
    {
      config: { public: true },
      schema: {
        body: loginRequestSchema,
        response: {
          200: customerSessionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const token = await loginCustomer(app.ctx.db, app.ctx.auth, { ...request.body, ip: request.ip }).catch(
        (error: unknown) => {
          if (error instanceof LoginThrottled) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
          throw error;
        },
      );
      return { success: true as const, token, message: MESSAGES.loggedIn };
    },
  );

  app.post(
    CUSTOMER_PATHS.logout,
    { config: { access: 'customer' }, schema: { body: noBody, response: { 200: messageResponseSchema } } },
    async (request) => {
      await logout(app.ctx.db, request.principal);
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  );

  app.get(
    CUSTOMER_PATHS.me,
    { config: { access: 'customer' }, schema: { response: { 200: customerMeResponseSchema } } },
    async (request) => {
      const user = await userInfo(app.ctx.db, request.principal);
      return { success: true as const, user: { _id: request.principal.userId, name: user.name, email: user.email } };
    },
  );
};

import {
  API_PATHS,
  errorResponseSchema,
  loginAnswerSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
  userInfoResponseSchema,
} from '@backroom/contract';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceOf, sendDeviceCookie, withRetryAfter } from './login-reply';
import { isChallenge, type SecondStep } from './second-step';
import { deviceCookieSecret, login, logout, userInfo } from './service';

// POST without a body, or with an empty JSON object.
const noBody = z.strictObject({}).nullish();

export interface AuthRoutesOptions {
  /** Two-factor sign-in, handed in by app.ts (second-step.ts says why). */
  secondStep: SecondStep;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { secondStep }) => {
  // Cookies are read on these routes only: the login device cookie (docs/decisions/003-login-limits.md).
  await app.register(fastifyCookie, {
    secret: await deviceCookieSecret(app.ctx.db, app.ctx.config.loginDeviceSecret),
  });

  app.post(
    API_PATHS.login,
    {
      config: { public: true },
      schema: {
        body: loginRequestSchema,
        response: {
          200: loginAnswerSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = { ...request.body, ip: request.ip, device: deviceOf(request) };
      const answer = await login(app.ctx.db, app.ctx.auth, input, secondStep.challengeFor).catch(withRetryAfter(reply));
      // Two-factor sign-in: no token (and no device cookie) until the second step.
      if (isChallenge(answer)) {
        const { next, challenge } = answer;
        return { success: true as const, next, challenge, message: secondStep.message(next) };
      }
      sendDeviceCookie(request, reply, answer.device);
      return { success: true as const, token: answer.token, message: MESSAGES.loggedIn };
    },
  );

  // Registered here so that its login steps read and send the same device cookie.
  await app.register(secondStep.routes);

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

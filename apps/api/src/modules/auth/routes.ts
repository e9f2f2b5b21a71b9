import {
  API_PATHS,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  MESSAGES,
  messageResponseSchema,
  userInfoResponseSchema,
} from '@backroom/contract';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, decodeDevice, encodeDevice } from './device-cookie';
import { deviceCookieSecret, LoginThrottled, login, logout, userInfo } from './service';

// POST without a body, or with an empty JSON object.
const noBody = z.strictObject({}).nullish();

/** The device a request's signed device cookie names; a missing, unsigned or forged one names none. */
function deviceOf(request: FastifyRequest) {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? decodeDevice(unsigned.value) : undefined;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = { ...request.body, ip: request.ip, device: deviceOf(request) };
      const signedIn = await login(app.ctx.db, app.ctx.auth, input).catch((error: unknown) => {
        if (error instanceof LoginThrottled) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
        throw error;
      });
      reply.setCookie(DEVICE_COOKIE, encodeDevice(signedIn.device), {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: API_PATHS.login,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return { success: true as const, token: signedIn.token, message: MESSAGES.loggedIn };
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

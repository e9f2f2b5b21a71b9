import {
  adminTwoFactorListResponseSchema,
  adminTwoFactorParamsSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  errorResponseSchema,
  loginResponseSchema,
  MESSAGES,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  twoFactorLoginConfirmRequestSchema,
  twoFactorLoginConfirmResponseSchema,
  twoFactorLoginRequestSchema,
  twoFactorLoginSetupRequestSchema,
  twoFactorRequirementRequestSchema,
  twoFactorRequirementResponseSchema,
  twoFactorRequirementStateSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceOf, sendDeviceCookie, withRetryAfter } from '../auth/login-reply';
import { userInfo } from '../auth/service';
import { loadEncryptionKey } from './encryption-key';
import { readRequirement } from './repository';
import {
  adminsTwoFactor,
  confirmSetup,
  disable,
  loginSetup,
  loginSetupConfirm,
  loginWithCode,
  resetAdminTwoFactor,
  setRequirement,
  startSetup,
  twoFactorStatus,
} from './service';

const noBody = z.strictObject({}).nullish();
const refusals = { 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const loginRefusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Two-factor sign-in (docs/decisions/038-two-factor-sign-in.md). Registered inside the auth routes
 * (as their second step, second-step.ts), whose cookie plugin the login steps need. The three login
 * steps are public: the challenge the password step answered is their credential. Everything else
 * needs an admin's session.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = await loadEncryptionKey({
    configured: app.ctx.config.totpEncryptionKey,
    dataDir: app.ctx.config.dataDir,
    db: app.ctx.db,
    log: app.log,
  });
  const deps = () => ({ db: app.ctx.db, auth: app.ctx.auth, key });

  app.post(
    TWO_FACTOR_PATHS.loginCode,
    {
      config: { public: true },
      schema: { body: twoFactorLoginRequestSchema, response: { 200: loginResponseSchema, ...loginRefusals } },
    },
    async (request, reply) => {
      const input = { ...request.body, ip: request.ip, device: deviceOf(request) };
      const signedIn = await loginWithCode(deps(), input).catch(withRetryAfter(reply));
      sendDeviceCookie(request, reply, signedIn.device);
      return { success: true as const, token: signedIn.token, message: MESSAGES.loggedIn };
    },
  );

  app.post(
    TWO_FACTOR_PATHS.loginSetup,
    {
      config: { public: true },
      schema: {
        body: twoFactorLoginSetupRequestSchema,
        response: { 200: twoFactorSetupResponseSchema, ...loginRefusals },
      },
    },
    async (request) => ({ success: true as const, ...(await loginSetup(deps(), request.body.challenge)) }),
  );

  app.post(
    TWO_FACTOR_PATHS.loginSetupConfirm,
    {
      config: { public: true },
      schema: {
        body: twoFactorLoginConfirmRequestSchema,
        response: { 200: twoFactorLoginConfirmResponseSchema, ...loginRefusals },
      },
    },
    async (request, reply) => {
      const input = { ...request.body, ip: request.ip, device: deviceOf(request) };
      const signedIn = await loginSetupConfirm(deps(), input).catch(withRetryAfter(reply));
      sendDeviceCookie(request, reply, signedIn.device);
      return {
        success: true as const,
        token: signedIn.token,
        recoveryCodes: signedIn.recoveryCodes,
        message: `${MESSAGES.loggedIn} ${TWO_FACTOR_MESSAGES.enabled}`,
      };
    },
  );

  app.get(
    TWO_FACTOR_PATHS.status,
    { schema: { response: { 200: twoFactorStatusResponseSchema } } },
    async (request) => ({
      success: true as const,
      twoFactor: await twoFactorStatus(app.ctx.db, request.principal.userId),
    }),
  );

  app.post(
    TWO_FACTOR_PATHS.setup,
    { schema: { body: noBody, response: { 200: twoFactorSetupResponseSchema, ...refusals } } },
    async (request) => {
      const { email } = await userInfo(app.ctx.db, request.principal);
      return { success: true as const, ...(await startSetup(deps(), { id: request.principal.userId, email })) };
    },
  );

  app.post(
    TWO_FACTOR_PATHS.enable,
    { schema: { body: enableTwoFactorRequestSchema, response: { 200: recoveryCodesResponseSchema, ...refusals } } },
    async (request) => ({
      success: true as const,
      message: TWO_FACTOR_MESSAGES.enabled,
      recoveryCodes: await confirmSetup(deps(), request.principal.userId, request.body.code),
    }),
  );

  app.post(
    TWO_FACTOR_PATHS.disable,
    { schema: { body: disableTwoFactorRequestSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request, reply) => {
      await disable(deps(), request.principal.userId, request.body).catch(withRetryAfter(reply));
      return { success: true as const, message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.get(
    TWO_FACTOR_PATHS.requirement,
    { schema: { response: { 200: twoFactorRequirementStateSchema } } },
    async () => ({ success: true as const, required: await readRequirement(app.ctx.db) }),
  );

  app.put(
    TWO_FACTOR_PATHS.requirement,
    {
      schema: {
        body: twoFactorRequirementRequestSchema,
        response: { 200: twoFactorRequirementResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const required = await setRequirement(app.ctx.db, request.body.required);
      return {
        success: true as const,
        required,
        message: required ? TWO_FACTOR_MESSAGES.requiredOn : TWO_FACTOR_MESSAGES.requiredOff,
      };
    },
  );

  app.get(TWO_FACTOR_PATHS.admins, { schema: { response: { 200: adminTwoFactorListResponseSchema } } }, async () => ({
    success: true as const,
    admins: await adminsTwoFactor(app.ctx.db),
  }));

  app.delete(
    TWO_FACTOR_PATHS.admin,
    {
      schema: {
        params: adminTwoFactorParamsSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const name = await resetAdminTwoFactor(app.ctx.db, request.principal.userId, request.params.id);
      return { success: true as const, message: TWO_FACTOR_MESSAGES.resetDone(name) };
    },
  );
};

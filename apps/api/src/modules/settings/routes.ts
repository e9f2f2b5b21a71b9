import {
  API_PATHS,
  errorResponseSchema,
  MESSAGES,
  settingsResponseSchema,
  updateSettingsRequestSchema,
  updateSettingsResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings, updateSettings } from './service';

/** The shop's visibility settings. */
export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.settings, { schema: { response: { 200: settingsResponseSchema } } }, async () => ({
    success: true as const,
    settings: await getSettings(app.ctx.db),
  }));

  app.put(
    API_PATHS.settings,
    {
      schema: {
        body: updateSettingsRequestSchema,
        response: { 200: updateSettingsResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.visibilityUpdated,
      settings: await updateSettings({ db: app.ctx.db, realtime: app.ctx.realtime }, request.body),
    }),
  );
};

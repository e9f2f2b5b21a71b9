import {
  API_PATHS,
  BUNDLE_IMAGE_FIELD,
  bundleFieldsSchema,
  bundleIdParamsSchema,
  bundleListResponseSchema,
  bundleResponseSchema,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
} from '@backroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { multipartForm } from '../../http-answers';
import { multipartParsing, readMultipart } from '../../plugins/app/uploads';
import {
  bundleImageHandler,
  changeBundle,
  createBundle,
  listAllBundles,
  removeBundle,
  toggleBundleCancel,
} from './service';

/** The create and update form as the OpenAPI document shows it: the contract's text fields and the files. */
const bundleForm = multipartForm(bundleFieldsSchema, {
  [BUNDLE_IMAGE_FIELD]: 'A new image, after the kept ones (the field repeated; JPEG, PNG or WebP)',
});

const refusals = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/**
 * Bundle sales (spec 2 section 7). Create and update are multipart: the token is checked in
 * onRequest, before the body is read; the files as they arrive, the text fields once the form is
 * in (bundleFieldsSchema).
 */
export const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({
    db: app.ctx.db,
    storage: app.ctx.storage,
    realtime: app.ctx.realtime,
    log: request.log,
    timeZone: app.ctx.config.shopTimeZone,
  });

  app.get(API_PATHS.bundleList, { schema: { response: { 200: bundleListResponseSchema } } }, async (request) => ({
    success: true as const,
    ...(await listAllBundles(deps(request))),
  }));

  // The two forms, in a scope of their own: multipart parsing for them only (uploads.ts).
  await app.register(async (forms: typeof app) => {
    await forms.register(multipartParsing);

    forms.post(
      API_PATHS.bundleCreate,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: bundleForm,
          response: { 200: bundleResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const form = await readMultipart(request, bundleImageHandler());
        const bundle = await createBundle(deps(request), form);
        return { success: true as const, message: MESSAGES.bundleCreated, bundle };
      },
    );

    forms.put(
      API_PATHS.bundleUpdate,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: bundleForm,
          params: bundleIdParamsSchema,
          response: { 200: bundleResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const form = await readMultipart(request, bundleImageHandler());
        const bundle = await changeBundle(deps(request), request.params.id, form);
        return { success: true as const, message: MESSAGES.bundleUpdated, bundle };
      },
    );
  });

  app.delete(
    API_PATHS.bundle,
    { schema: { params: bundleIdParamsSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await removeBundle(deps(request), request.params.id);
      return { success: true as const, message: MESSAGES.bundleDeleted };
    },
  );

  app.post(
    API_PATHS.bundleCancel,
    { schema: { params: bundleIdParamsSchema, response: { 200: bundleResponseSchema, ...refusals } } },
    async (request) => ({ success: true as const, ...(await toggleBundleCancel(deps(request), request.params.id)) }),
  );
};

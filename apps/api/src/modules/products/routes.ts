import {
  API_PATHS,
  addProductFieldsSchema,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  productSavedResponseSchema,
  removeProductRequestSchema,
  updateProductFieldsSchema,
} from '@backroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { multipartForm } from '../../http-answers';
import { multipartParsing, readMultipart } from '../../plugins/app/uploads';
import { addProduct, getProduct, listProducts, removeProduct, updateProductById } from './service';
import { productImageHandler } from './uploaded-images';

const refusals = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

const IMAGE = 'JPEG, PNG or WebP, at most UPLOAD_MAX_BYTES';
const ACCESSORY_IMAGES = `accessory{i}_image{n}: the n-th (1 or 2) new image of the i-th accessory (${IMAGE})`;
/** The add form as the OpenAPI document shows it: the contract's text fields and the files. */
const addProductForm = multipartForm(
  addProductFieldsSchema,
  Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`image${i + 1}`, `Product image ${i + 1} (${IMAGE})`])),
  ACCESSORY_IMAGES,
);
const updateProductForm = multipartForm(
  updateProductFieldsSchema,
  { newImages: `A new product image, after the kept ones (the field repeated, ${IMAGE})` },
  ACCESSORY_IMAGES,
);

/**
 * The product calls of spec 1 section 7. Add and update are multipart: the token is checked in
 * onRequest, before the body is read; the text fields are checked against the contract's
 * schemas once the form is in (plugins/app/uploads.ts parseFields), the files as they arrive.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({
    db: app.ctx.db,
    storage: app.ctx.storage,
    realtime: app.ctx.realtime,
    log: request.log,
  });

  // The two forms, in a scope of their own: multipart parsing for them only (uploads.ts).
  await app.register(async (forms: typeof app) => {
    await forms.register(multipartParsing);

    forms.post(
      API_PATHS.productAdd,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: addProductForm,
          response: { 200: productSavedResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const form = await readMultipart(request, productImageHandler('add'));
        const product = await addProduct(deps(request), form);
        return { success: true as const, message: MESSAGES.productAdded, product };
      },
    );

    forms.put(
      API_PATHS.productUpdate,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: updateProductForm,
          params: productIdParamsSchema,
          // 409: a stock cell the form changed was moved by an order since the form opened.
          response: { 200: productSavedResponseSchema, ...refusals, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const form = await readMultipart(request, productImageHandler('update'));
        const product = await updateProductById(deps(request), request.params.id, form);
        return { success: true as const, message: MESSAGES.productUpdated, product };
      },
    );
  });

  app.post(
    API_PATHS.productRemove,
    { schema: { body: removeProductRequestSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await removeProduct(deps(request), request.body.id);
      return { success: true as const, message: MESSAGES.productRemoved };
    },
  );

  app.get(
    API_PATHS.productList,
    {
      // Its statement carries the session's revocation check (decision 054).
      config: { readOnly: true, sessionProof: true },
      schema: {
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      // Any parameter at all, even an empty one, asks for a page.
      const paged = Object.keys(request.query).length > 0;
      const found = await listProducts(app.ctx.db, request.query, paged, request.sessionProof);
      return { success: true as const, ...found };
    },
  );

  app.get(
    API_PATHS.product,
    { schema: { params: productIdParamsSchema, response: { 200: productResponseSchema, ...refusals } } },
    async (request) => ({ success: true as const, product: await getProduct(app.ctx.db, request.params.id) }),
  );
};

import {
  API_PATHS,
  categoryTreeResponseSchema,
  deleteCategoryRequestSchema,
  errorResponseSchema,
  MESSAGES,
  moveCategoryResponseSchema,
  renameCategoryRequestSchema,
  saveCategoryTreeRequestSchema,
  saveCategoryTreeResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMainCategory, getCategoryTree, renameMainCategory, saveCategoryTree } from './service';

/** The category tree (GET/PUT) and the two calls of spec 1 section 7 that move products. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime });

  app.get(API_PATHS.categoryTree, { schema: { response: { 200: categoryTreeResponseSchema } } }, async () => ({
    success: true as const,
    categories: await getCategoryTree(app.ctx.db),
  }));

  app.put(
    API_PATHS.categoryTree,
    {
      schema: {
        body: saveCategoryTreeRequestSchema,
        response: { 200: saveCategoryTreeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.categoriesSaved,
      categories: await saveCategoryTree(deps(), request.body.categories),
    }),
  );

  app.put(
    API_PATHS.categoryRename,
    {
      schema: {
        body: renameCategoryRequestSchema,
        response: { 200: moveCategoryResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.categoryRenamed,
      moved: await renameMainCategory(deps(), request.body),
    }),
  );

  app.delete(
    API_PATHS.categoryDelete,
    {
      schema: {
        body: deleteCategoryRequestSchema,
        response: { 200: moveCategoryResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.categoryDeleted,
      moved: await deleteMainCategory(deps(), request.body),
    }),
  );
};

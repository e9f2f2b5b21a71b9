import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config';
import type { AppContext, RouteEntry } from './context';
import type { Database } from './db/client';
import { isMultipartForm } from './http-answers';
import { activityPlugin } from './modules/activity/plugin';
import { adminRoutes } from './modules/admins/routes';
import { authRoutes } from './modules/auth/routes';
import { bulkRoutes } from './modules/bulk/routes';
import { bundleRoutes } from './modules/bundles/routes';
import { deliveryCountsByState } from './modules/campaigns/repository';
import { campaignRoutes } from './modules/campaigns/routes';
import { categoryRoutes } from './modules/categories/routes';
import { isCustomersConversation } from './modules/conversations/repository';
import { conversationRoutes } from './modules/conversations/routes';
import { queuedProductImport } from './modules/csv/queued-import';
import { exportRoutes } from './modules/csv/routes';
import { customerAuthRoutes } from './modules/customer-auth/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { discountRoutes } from './modules/discounts/routes';
import { healthRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { receivedKinds } from './modules/notifications/service';
import { optionRoutes } from './modules/options/routes';
import { orderRoutes } from './modules/orders/routes';
import { productRoutes } from './modules/products/routes';
import { searchRoutes } from './modules/search/routes';
import { settingRoutes } from './modules/settings/routes';
import { storefrontRoutes } from './modules/storefront/routes';
import { twoFactorSecondStep } from './modules/two-factor/second-step';
import { userRoutes } from './modules/users/routes';
import { wishlistRoutes } from './modules/wishlists/routes';
import { authPlugin } from './plugins/app/auth';
import { errorsPlugin, frameworkErrors } from './plugins/app/errors';
import { uploadsPlugin } from './plugins/app/uploads';
import { adminStaticPlugin } from './plugins/infrastructure/admin-static';
import { answerAlwaysPlugin } from './plugins/infrastructure/answer-always';
import { compressionPlugin } from './plugins/infrastructure/compression';
import { stdoutLogDestination } from './plugins/infrastructure/log-destination';
import { metricsPlugin } from './plugins/infrastructure/metrics';
import { openapiPlugin, openapiRoutes } from './plugins/infrastructure/openapi';
import { createRealtime } from './plugins/infrastructure/realtime';
import { requestLogPlugin } from './plugins/infrastructure/request-log';
import { responseSerializerCompiler } from './plugins/infrastructure/response-serializer';
import { securityPlugin } from './plugins/infrastructure/security';

export interface BuildOptions {
  config: Config;
  database: Database;
}

/** Builds the whole app, plugins then modules; the server and the tests build the same one. */
export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.token', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[hidden]',
      },
      // Lines go out in the background, those of up to 10 ms in one write, not in a write(2) per
      // line while the request waits; what is left is written when the process
      // exits (plugins/infrastructure/log-destination.ts, decision 054).
      ...(config.logLevel === 'silent' ? {} : { stream: stdoutLogDestination() }),
    },
    // One line per request comes from plugins/infrastructure/request-log.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Half-sent requests and idle sockets are closed (docs/decisions/018-connections-and-proxies.md):
    // headers within HEADERS_TIMEOUT, the whole request within REQUEST_TIMEOUT, which is also the
    // longest a connection may stay silent; idle keep-alive sockets close after KEEP_ALIVE_TIMEOUT.
    connectionTimeout: config.timeouts.requestMs,
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node looks for overdue requests this often (30 s unless told), so a timeout fires on time.
      connectionsCheckingInterval: Math.min(5000, Math.max(100, Math.floor(config.timeouts.headersMs / 4))),
    },
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (bad percent-encoding, a parameter too long) in our envelope.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // A multipart form's schema describes it in the OpenAPI document; the handler reads and checks it (decision 060).
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body' && isMultipartForm(route.schema)
      ? () => ({ value: undefined })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
  );
  // Answers are written from the contract's schema without being validated again (decision 020).
  app.setSerializerCompiler(responseSerializerCompiler);
  // Every call reads JSON (or multipart): a text/plain body is a 415 that says what to send
  // (plugins/app/errors.ts), not a 400 about a string where an object was expected.
  app.removeContentTypeParser('text/plain');

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routeTable.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        access: route.config?.access ?? 'admin',
        schema: route.schema,
      });
    }
  });

  const ctx = {
    config,
    db: database.db,
    auth: { tokenTtlMs: config.tokenTtlMs, login: config.login },
    lifecycle: { shuttingDown: false },
  } as AppContext;
  app.decorate('ctx', ctx);

  // First: its onRoute hook gives every route registered after it its duration series (decision 061).
  await app.register(metricsPlugin, {
    token: config.metrics.token,
    port: config.metrics.port,
    pool: database.pool,
    sockets: () => ctx.realtime?.socketCounts() ?? { admin: 0, customer: 0 },
    emailDeliveries: () => deliveryCountsByState(ctx.db),
  });
  await app.register(errorsPlugin);
  // Before any route: it sees each one as it is added (decision 060).
  await app.register(openapiPlugin);
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins });
  await app.register(requestLogPlugin);
  await app.register(answerAlwaysPlugin);
  // Before every route and the static files (decision 052); COMPRESSION=off when a proxy compresses.
  if (config.compression) await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(uploadsPlugin);
  await app.register(activityPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { secondStep: twoFactorSecondStep });
  await app.register(conversationRoutes);
  await app.register(productRoutes);
  await app.register(categoryRoutes);
  await app.register(optionRoutes);
  await app.register(orderRoutes);
  await app.register(dashboardRoutes);
  await app.register(userRoutes);
  await app.register(wishlistRoutes);
  await app.register(adminRoutes);
  await app.register(settingRoutes);
  await app.register(discountRoutes);
  await app.register(searchRoutes);
  await app.register(bundleRoutes);
  await app.register(campaignRoutes, { databaseUrl: database.url });
  await app.register(bulkRoutes, { databaseUrl: database.url, productImport: queuedProductImport });
  await app.register(customerAuthRoutes);
  await app.register(storefrontRoutes);
  await app.register(exportRoutes);
  await app.register(notificationRoutes);
  await app.register(openapiRoutes);

  await app.register(adminStaticPlugin, { root: config.adminDist });

  // The socket.io adapter's own connections, not the requests' pool (db/pubsub.ts, decision 057);
  // the database's close ends them, after the app's.
  ctx.realtime = await createRealtime(app, {
    pool: database.pubsub,
    databaseUrl: database.url,
    corsOrigins: config.corsOrigins,
    isCustomersConversation: (userId, conversationId) => isCustomersConversation(ctx.db, userId, conversationId),
    notificationKinds: (adminId) => receivedKinds(ctx.db, adminId),
  });
  app.addHook('preClose', async () => {
    await ctx.realtime.close();
  });

  return app;
}

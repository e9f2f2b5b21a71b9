import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@backroom/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Room for the 'close' listeners a streamed file's response carries beyond Node's default ten. */
const STREAMED_FILE_LISTENERS = 5;

/**
 * The built admin at /. Hashed assets are cached for good; index.html never, so a new release
 * is picked up at the next load. Any path that is not a file nor under /api is a screen of the
 * single-page admin and gets index.html; an unknown /api path is a JSON 404.
 */
export const adminStaticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const built = existsSync(path.join(opts.root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The .br and .gz written beside each asset at build time (apps/admin/precompress.ts, decision 052),
      // chosen by Accept-Encoding, with Vary: Accept-Encoding; the file itself when none fits.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // A streamed file's response carries about ten 'close' listeners, each gone with it: the
        // stream's pipe and Fastify's end-of-stream watchers (a pair for each time the reply is
        // awaited: by Fastify, by @fastify/static, by a handler that returns it), light-my-request's
        // under app.inject. Node would report the eleventh
        // as a possible leak (MaxListenersExceededWarning); it is not one.
        res.raw.setMaxListeners(res.raw.getMaxListeners() + STREAMED_FILE_LISTENERS);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    }
    if (!built) {
      return reply.status(404).send({ success: false, message: 'The admin is not built: run npm run build' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
});

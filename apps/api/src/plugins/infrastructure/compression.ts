import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: under one packet, compressing saves no time on the wire. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality and gzip's level for answers made per request (decision 052 has the figures). */
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 2;
/**
 * Answers up to this size are compressed in one synchronous call on the event loop (about 0.7 ms
 * for a page of 100 products at brotli 3, 1.5 ms at this size); larger ones, and streams, through
 * a compression stream in the thread pool. The plugin's default on 2 cores is 8 KB, which sent
 * every list page through a stream and a thread of its own.
 */
export const COMPRESS_SYNC_MAX_BYTES = 256 * 1024;

/** A string this short is under COMPRESS_MIN_BYTES whatever its characters (UTF-8: 3 bytes at most per UTF-16 unit). */
const SURELY_SMALL_CHARS = Math.floor(COMPRESS_MIN_BYTES / 3);

/**
 * True when the payload is a string or a buffer under COMPRESS_MIN_BYTES: @fastify/compress would
 * send it unchanged whatever the request, its type or its headers (it looks at the size last).
 */
export function underThreshold(payload: unknown): boolean {
  if (typeof payload === 'string') {
    return payload.length < SURELY_SMALL_CHARS || Buffer.byteLength(payload) < COMPRESS_MIN_BYTES;
  }
  return payload instanceof Uint8Array && payload.byteLength < COMPRESS_MIN_BYTES;
}

type HookName = 'onRequest' | 'onSend';
const hooksOf = (route: RouteOptions, name: HookName): unknown[] => (route[name] ? [route[name]].flat() : []);

/**
 * Compressed answers (decision 052): JSON, CSV exports (as they stream) and any other compressible
 * type above COMPRESS_MIN_BYTES, brotli or gzip as the client's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding`. The admin's built assets carry their own .br and .gz, compressed once
 * at build time, which @fastify/static sends as they are (admin-static.ts); socket.io answers on
 * the HTTP server itself, outside Fastify, and is not touched. Request bodies are not inflated.
 *
 * @fastify/compress gives every route two hooks: an onRequest that hands the reply its
 * `compress()` (nothing here calls it) and an onSend that reads the content type and negotiates
 * Accept-Encoding before it looks at the size. On a small answer (the DB-free route, a count,
 * most refusals) they were a tenth of the request's work (decision 054): the onRequest is dropped,
 * and the onSend is wrapped so that a string or buffer under the threshold, which it would send
 * unchanged anyway, leaves at once. Everything else goes through the plugin's own onSend as before.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // The route's hooks before the plugin adds its own: what is new afterwards is the plugin's.
  const before = new WeakMap<RouteOptions, Record<HookName, Set<unknown>>>();
  app.addHook('onRoute', (route) => {
    before.set(route, { onRequest: new Set(hooksOf(route, 'onRequest')), onSend: new Set(hooksOf(route, 'onSend')) });
  });
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    globalDecompression: false,
  });
  app.addHook('onRoute', (route) => {
    const had = before.get(route);
    if (!had) return;
    before.delete(route);
    // The plugin's onRequest only sets reply.compress, which no route uses.
    const onRequest = hooksOf(route, 'onRequest').filter((hook) => had.onRequest.has(hook));
    if (onRequest.length > 0) route.onRequest = onRequest as onRequestHookHandler[];
    else delete route.onRequest;
    route.onSend = hooksOf(route, 'onSend').map((hook) => {
      if (had.onSend.has(hook)) return hook;
      const compressOnSend = hook as onSendHookHandler;
      const onSend: onSendHookHandler = function (this: FastifyInstance, request, reply, payload, done) {
        if (underThreshold(payload)) return done(null, payload);
        return compressOnSend.call(this, request, reply, payload, done);
      };
      return onSend;
    }) as onSendHookHandler[];
  });
});

import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
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

/**
 * Compressed answers (decision 052): JSON, CSV exports (as they stream) and any other compressible
 * type above COMPRESS_MIN_BYTES, brotli or gzip as the client's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding`. The admin's built assets carry their own .br and .gz, compressed once
 * at build time, which @fastify/static sends as they are (admin-static.ts); socket.io answers on
 * the HTTP server itself, outside Fastify, and is not touched. Request bodies are not inflated.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    globalDecompression: false,
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One JSON line per request, written when the answer has gone; never a header or a body. A plain
 * callback hook, not an async one: no promise per request for a line of logging.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One JSON line per request, written when the answer has gone; never a header or a body. A plain
 * callback hook, not an async one: no promise per request for a line of logging.
 *
 * The line is written by a child of the app's logger made once, without the app's redaction: its
 * fields are the request id, the method, the URL, the status, the time and the address, none of
 * them an object a redaction path could reach, so the line is the same; but the app's
 * wildcard paths (`*.password`, `*.token`) send every value of every line through the redactor,
 * which was a share of the DB-free route's work (decision 054). The request's own child logger
 * (request.log), for everything else a request logs, keeps the redaction.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    lines.info(
      {
        // What request.log's binding wrote first (Fastify's requestIdLogLabel).
        reqId: request.id,
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

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';

const { chindingsSym } = pino.symbols;
type WithChindings = FastifyBaseLogger & { [chindingsSym]: string };
type ChildLoggerFactory = Parameters<FastifyInstance['setChildLoggerFactory']>[0];

/** Per app logger: a child with no bindings of its own, the prototype of every request's logger. */
const templates = new WeakMap<FastifyBaseLogger, WithChindings>();

/**
 * request.log, made for every request: what `logger.child({ reqId })` makes, for less. Fastify
 * passes the child options `{}`, which sends pino down its slow path (the serializers copied, the
 * formatters rebuilt), and the app's wildcard redaction paths run over the binding's value; the
 * request id is a string, which no path reaches. So each request's logger is an object whose
 * prototype is one child made once, with the id appended to that child's bindings as pino writes
 * them (`pino.symbols`, pino's hooks for integrations): its lines are the same, its redaction is
 * the app's. Anything else (a route's own log level or serializers) goes through pino's child.
 */
export const requestChildLogger: ChildLoggerFactory = (logger, bindings, options) => {
  const reqId = (bindings as { reqId?: unknown }).reqId;
  if (typeof reqId !== 'string' || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  let template = templates.get(logger);
  if (!template) {
    template = logger.child({}) as WithChindings;
    templates.set(logger, template);
  }
  const child = Object.create(template) as WithChindings;
  child[chindingsSym] = `${template[chindingsSym]},"reqId":${JSON.stringify(reqId)}`;
  return child;
};

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
  app.setChildLoggerFactory(requestChildLogger);
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

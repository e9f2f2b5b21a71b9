import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogPlugin } from './request-log';

/** An app logging as app.ts's does (its redaction, Fastify's request lines off), into an array. */
async function appLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({
    logger: {
      level: 'info',
      stream,
      redact: {
        paths: ['req.headers.token', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[hidden]',
      },
    },
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(requestLogPlugin);
  app.post('/things', (request, reply) => {
    // What a handler logs keeps the redaction; the line request.log would have written, for comparison.
    request.log.info({ body: { password: 'secret', token: 'a-token' } }, 'handler');
    request.log.child({ step: 'inner' }).info('from a child');
    request.log.info(
      { method: request.method, url: request.url, status: 201, ms: 0, ip: request.ip },
      'as request.log writes it',
    );
    reply.status(201).send({ ok: true });
  });
  return app;
}

describe('the request log', () => {
  it('writes one line per request with the fields request.log wrote, in the same order', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    const res = await app.inject({ method: 'POST', url: '/things?page=2', payload: { a: 1 } });
    expect(res.statusCode).toBe(201);
    await app.close();
    const [handler, inner, asBefore, line] = lines;
    expect(handler?.body).toEqual({ password: '[hidden]', token: '[hidden]' });
    // request.log: the app's fields, then the request id, then what was logged.
    expect(Object.keys(handler ?? {})).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'body', 'msg']);
    expect(handler?.reqId).toMatch(/^req-/);
    expect(inner).toMatchObject({ reqId: handler?.reqId, step: 'inner', msg: 'from a child' });
    expect(line).toMatchObject({
      level: 30,
      reqId: handler?.reqId,
      method: 'POST',
      url: '/things?page=2',
      status: 201,
      ip: '127.0.0.1',
      msg: 'request',
    });
    expect(typeof line?.ms).toBe('number');
    expect(Object.keys(line ?? {})).toEqual(Object.keys(asBefore ?? {}));
    expect(lines).toHaveLength(4);
  });
});

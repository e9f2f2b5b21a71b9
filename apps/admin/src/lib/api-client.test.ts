import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, messageResponseSchema, STORAGE_KEYS } from '@backroom/contract';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError, errorMessage, serverMessageOr } from './api-error';
import { setNavigator } from './navigation';

/*
 * The api client against a real HTTP server: each path answers its status with the body it names.
 * No token is stored here (no window), so the calls go out without one unless `noToken` stops them.
 */
let server: Server;
let base = '';
let received = 0;
const visited: string[] = [];

const ANSWERS: Record<string, [number, unknown]> = {
  '/ok': [200, { success: true, message: 'Done' }],
  '/refused': [409, { success: false, message: 'Not the last admin' }],
  '/refused-silently': [400, undefined],
  '/failed-silently': [502, undefined],
  '/forbidden': [403, { success: false, message: 'Access denied' }],
  '/csv': [200, 'a,b\n1,2\n'],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    received += 1;
    const [status, body] = ANSWERS[request.url ?? ''] ?? [404, undefined];
    response.statusCode = status;
    if (typeof body === 'string') response.setHeader('content-type', 'text/csv');
    response.end(typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setNavigator((to) => {
    visited.push(to);
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = 0;
  visited.length = 0;
  notifications.clean();
});

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiRequest', () => {
  it('answers the parsed success, or an ApiError carrying the status and the server’s message', async () => {
    expect(await apiRequest(`${base}/ok`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    const error = await failure(apiRequest(`${base}/refused`, { schema: messageResponseSchema }));
    expect([error.status, error.serverMessage]).toEqual([409, 'Not the last admin']);
  });

  it("says the screen's words for a failure the server did not explain, by its kind", async () => {
    const wording = {
      schema: messageResponseSchema,
      unreachableMessage: MESSAGES.cannotConnect,
      refusedMessage: MESSAGES.updateFailed,
      failedMessage: MESSAGES.updateStatusError,
    };
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const unreachable = await failure(apiRequest(`http://127.0.0.1:${port}/ok`, wording));
    expect([unreachable.status, serverMessageOr(unreachable, 'x')]).toEqual([0, MESSAGES.cannotConnect]);
    const refused = await failure(apiRequest(`${base}/refused-silently`, wording));
    expect(serverMessageOr(refused, 'x')).toBe(MESSAGES.updateFailed);
    const failed = await failure(apiRequest(`${base}/failed-silently`, wording));
    expect(errorMessage(failed, 'x')).toBe(MESSAGES.updateStatusError);
    // The server's own message comes first.
    expect(serverMessageOr(await failure(apiRequest(`${base}/refused`, wording)), 'x')).toBe('Not the last admin');
    // Without words of the screen's, the call's fallback as before.
    const plain = await failure(apiRequest(`${base}/refused-silently`, { schema: messageResponseSchema }));
    expect(serverMessageOr(plain, 'Failed to delete user')).toBe('Failed to delete user');
  });

  it('does not send a call that needs the token when none is stored', async () => {
    const refused = await failure(apiRequest(`${base}/ok`, { schema: messageResponseSchema, noToken: 'refuse' }));
    expect([refused.status, refused.serverMessage, received]).toEqual([401, MESSAGES.noToken, 0]);
    expect(toasts()).toEqual([]);

    const ended = await failure(apiRequest(`${base}/ok`, { schema: messageResponseSchema, noToken: 'end-session' }));
    expect([ended.serverMessage, received]).toEqual([MESSAGES.noToken, 0]);
    expect(toasts()).toEqual([MESSAGES.noToken]);
    await expect.poll(() => visited).toEqual(['/login']);
  });

  it('ends the session on a 403, unless the call says a 403 is a refusal like any other', async () => {
    const kept = await failure(
      apiRequest(`${base}/forbidden`, { schema: messageResponseSchema, forbiddenEndsSession: false }),
    );
    expect(kept.serverMessage).toBe('Access denied');
    expect(toasts()).toEqual([]);

    await failure(apiRequest(`${base}/forbidden`, { schema: messageResponseSchema }));
    expect(toasts()).toEqual([MESSAGES.sessionExpired]);
    await expect.poll(() => visited).toEqual(['/login']);
  });

  it("reports a load's failure itself when asked: the server's message, else the screen's text", async () => {
    await failure(apiRequest(`${base}/refused`, { schema: messageResponseSchema, failureToast: 'Failed to load' }));
    await failure(
      apiRequest(`${base}/failed-silently`, { schema: messageResponseSchema, failureToast: 'Failed to load' }),
    );
    await failure(
      apiRequest(`${base}/refused`, {
        schema: messageResponseSchema,
        failureToast: { message: 'Failed to load bundles', serverMessage: false },
      }),
    );
    expect(toasts()).toEqual(['Not the last admin', 'Failed to load', 'Failed to load bundles']);
  });

  it("reads a first screen's answer unparsed when told, refusals as always", async () => {
    ANSWERS['/extra'] = [200, { success: true, message: 'Done', kept: 1 }];
    // Parsed, a key the contract does not name is dropped; unparsed, the answer is as it came.
    expect(await apiRequest(`${base}/extra`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    expect(await apiRequest(`${base}/extra`, { parse: false })).toEqual({ success: true, message: 'Done', kept: 1 });
    const error = await failure(apiRequest(`${base}/refused`, { parse: false }));
    expect([error.status, error.serverMessage]).toEqual([409, 'Not the last admin']);
  });

  it('hands a stream back unread when asked for another media type', async () => {
    const response = await apiRequest(`${base}/csv`, { accept: 'text/csv' });
    expect(await response.text()).toBe('a,b\n1,2\n');
    const error = await failure(apiRequest(`${base}/refused`, { accept: 'text/csv' }));
    expect(error.serverMessage).toBe('Not the last admin');
  });
});

describe('apiRequest, signed in, on a first screen whose calls index.html made (first-calls.ts)', () => {
  const stored = new Map<string, string>();
  beforeAll(() => {
    // Only what token-storage reads: the page's storage, holding a session's token.
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (key: string) => stored.get(key) ?? null,
          setItem: (key: string, value: string) => stored.set(key, value),
          removeItem: (key: string) => stored.delete(key),
        },
      },
    });
    stored.set(STORAGE_KEYS.token, 'a-token');
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'window');
    globalThis.backroomFirstCalls = undefined;
  });
  const made = (path: string, answer: Promise<Response>) => {
    answer.catch(() => {});
    globalThis.backroomFirstCalls = { token: 'a-token', answers: { [path]: answer } };
  };

  it("reads the script's answer as its own and sends nothing; the next call for the path is sent", async () => {
    made(`${base}/ok`, Promise.resolve(Response.json({ success: true, message: 'From the page' })));
    expect(await apiRequest(`${base}/ok`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'From the page',
    });
    expect(received).toBe(0);
    expect(await apiRequest(`${base}/ok`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    expect(received).toBe(1);
  });

  it("answers the script's refusal as its own, and sends the call again when the script's never arrived", async () => {
    made(
      `${base}/ok`,
      Promise.resolve(Response.json({ success: false, message: 'Not the last admin' }, { status: 409 })),
    );
    const error = await failure(apiRequest(`${base}/ok`, { schema: messageResponseSchema }));
    expect([error.status, error.serverMessage, received]).toEqual([409, 'Not the last admin', 0]);

    made(`${base}/ok`, Promise.reject(new TypeError('Failed to fetch')));
    expect(await apiRequest(`${base}/ok`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    expect(received).toBe(1);
  });

  it('sends a call the script made with another token, or one that is not a GET', async () => {
    globalThis.backroomFirstCalls = {
      token: 'old-token',
      answers: { [`${base}/ok`]: Promise.resolve(Response.json({})) },
    };
    expect(await apiRequest(`${base}/ok`, { schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    made(`${base}/ok`, Promise.resolve(Response.json({})));
    expect(await apiRequest(`${base}/ok`, { method: 'POST', schema: messageResponseSchema })).toEqual({
      success: true,
      message: 'Done',
    });
    expect(received).toBe(2);
  });
});

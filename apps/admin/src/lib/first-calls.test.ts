import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_CALLS_FRESH_MS, takeFirstCall } from './first-calls';

/** What index.html's inline script leaves after asking for `paths` with `token`. */
function asked(token: string, ...paths: string[]) {
  const answers: Record<string, Promise<Response>> = {};
  for (const path of paths) answers[path] = Promise.resolve(new Response(JSON.stringify({ path })));
  globalThis.backroomFirstCalls = { token, answers };
  return answers;
}

afterEach(() => {
  globalThis.backroomFirstCalls = undefined;
});

describe('takeFirstCall', () => {
  it("hands the inline script's answer to the first call for its path with its token, once", () => {
    const { ...answers } = asked('t1', '/api/user/info', '/api/dashboard/summary');
    expect(takeFirstCall('/api/user/info', 't1', 10)).toBe(answers['/api/user/info']);
    expect(takeFirstCall('/api/user/info', 't1', 10)).toBeUndefined();
    expect(takeFirstCall('/api/dashboard/summary', 't1', 10)).toBe(answers['/api/dashboard/summary']);
  });

  it('has none for a path it did not ask for, or before the script ran', () => {
    expect(takeFirstCall('/api/user/info', 't1', 10)).toBeUndefined();
    asked('t1', '/api/user/info');
    expect(takeFirstCall('/api/orders/all', 't1', 10)).toBeUndefined();
    expect(takeFirstCall('/api/user/info?x=1', 't1', 10)).toBeUndefined();
  });

  it('drops an answer asked with another token (a new sign-in) or taken after the freshness window', () => {
    asked('old', '/api/user/info', '/api/dashboard/summary');
    expect(takeFirstCall('/api/user/info', 'new', 10)).toBeUndefined();
    expect(takeFirstCall('/api/user/info', 'old', 10)).toBeUndefined();
    expect(takeFirstCall('/api/dashboard/summary', 'old', FIRST_CALLS_FRESH_MS + 1)).toBeUndefined();
    expect(globalThis.backroomFirstCalls?.answers).toEqual({});
  });
});

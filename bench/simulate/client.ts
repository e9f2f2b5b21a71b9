import { TOKEN_HEADER } from '@backroom/contract';
import type { z } from 'zod';
import type { Recorder } from './recorder';

export type Answer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number | 'network'; message: string };

/**
 * HTTP calls to the shop, each timed and recorded. A 2xx answer is parsed with the contract's
 * schema (a mismatch is a failure of the server, recorded as a 5xx would be); anything else
 * comes back as { ok: false } with the server's message, for the customer to carry on.
 */
export class ShopClient {
  constructor(
    readonly base: string,
    private readonly recorder: Recorder,
  ) {}

  async call<S extends z.ZodType>(
    schema: S,
    path: string,
    options: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<Answer<z.infer<S>>> {
    const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
    const what = `${method} ${path.split('?')[0]}`;
    const headers: Record<string, string> = {};
    if (options.token) headers[TOKEN_HEADER] = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.recorder.call(performance.now() - started, 'network', what, message);
      return { ok: false, status: 'network', message };
    }
    const ms = performance.now() - started;
    const json = parseJson(text);
    if (res.status >= 300) {
      const message = messageOf(json) ?? text.slice(0, 200);
      this.recorder.call(ms, res.status, what, message);
      return { ok: false, status: res.status, message };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      // The answer does not match the contract: as bad as a 500 for a storefront.
      this.recorder.call(ms, 500, what, `answer does not match the contract: ${parsed.error.message.slice(0, 300)}`);
      return { ok: false, status: 500, message: 'answer does not match the contract' };
    }
    this.recorder.call(ms, res.status, what);
    return { ok: true, status: res.status, data: parsed.data };
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(json: unknown): string | undefined {
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') return json.message;
  return undefined;
}

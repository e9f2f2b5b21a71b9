import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { API_PATHS, FIRST_SCREEN_PRELOAD_SCRIPT_CSP, STORAGE_KEYS, TOKEN_HEADER } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import type { FirstCalls } from '../lib/first-calls';

/*
 * public/first-screen-preload.js is plain JavaScript run as index.html is read, so it spells the
 * token's storage key itself: these tests hold it to the contract's key and to its hash in the
 * Content-Security-Policy. The browser tests that sign in and reload run it for real.
 */
const source = readFileSync(new URL('../../public/first-screen-preload.js', import.meta.url), 'utf8');

const LOGIN = '/assets/login.js';
const SHELL = '/assets/shell.js /assets/shell.css';
const DASHBOARD = '/assets/dashboard.js';
const SHELL_CALLS = [API_PATHS.userInfo, API_PATHS.unread];
const DASHBOARD_CALLS = [API_PATHS.dashboardSummary];

interface Run {
  /** The links it added to the head. */
  links: string[];
  /** Each call it made: its path, and the init it gave fetch. */
  calls: { path: string; init: RequestInit }[];
  /** What it left for the app (lib/first-calls.ts). */
  left: FirstCalls | undefined;
}

/** Runs the script on `pathname` with `stored` in storage. */
function run(pathname: string, stored: Record<string, string>, storageThrows = false): Run {
  const added: string[] = [];
  const calls: Run['calls'] = [];
  const attributes: Record<string, string> = {
    'data-login': LOGIN,
    'data-shell': SHELL,
    'data-dashboard': DASHBOARD,
    'data-shell-calls': SHELL_CALLS.join(' '),
    'data-dashboard-calls': DASHBOARD_CALLS.join(' '),
  };
  const window: { location: { pathname: string }; localStorage: unknown; backroomFirstCalls?: FirstCalls } = {
    location: { pathname },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
  };
  const document = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    createElement: () => ({ rel: '', as: '', href: '', crossOrigin: null }),
    head: {
      appendChild: (link: { rel: string; as: string; href: string; crossOrigin: string | null }) =>
        added.push(
          `${link.rel}${link.as ? ` as ${link.as}` : ''}${link.crossOrigin === '' ? ' crossorigin' : ''} ${link.href}`,
        ),
    },
  };
  const fetch = (path: string, init: RequestInit) => {
    calls.push({ path, init });
    return Promise.resolve(new Response('{}'));
  };
  runInNewContext(source, { window, document, fetch });
  return { links: added, calls, left: window.backroomFirstCalls };
}

const linksAdded = (...args: Parameters<typeof run>) => run(...args).links;

const signedIn = { [STORAGE_KEYS.token]: 'a-token' };

describe('the first screen preload script', () => {
  it("is the inline script the API's Content-Security-Policy allows by its hash (decision 058)", () => {
    const hash = createHash('sha256').update(source).digest('base64');
    expect(FIRST_SCREEN_PRELOAD_SCRIPT_CSP).toBe(`'sha256-${hash}'`);
  });

  it("on / with the contract's token key stored, asks for the shell's and the Dashboard's chunks", () => {
    expect(linksAdded('/', signedIn)).toEqual([
      'modulepreload crossorigin /assets/shell.js',
      'preload as style crossorigin /assets/shell.css',
      'modulepreload crossorigin /assets/dashboard.js',
    ]);
  });

  it("on another signed-in screen, asks for the shell's only", () => {
    expect(linksAdded('/orders', signedIn)).toEqual([
      'modulepreload crossorigin /assets/shell.js',
      'preload as style crossorigin /assets/shell.css',
    ]);
  });

  it("asks for the login screen's on /login, without a token, or when storage is refused", () => {
    const login = ['modulepreload crossorigin /assets/login.js'];
    expect(linksAdded('/login', signedIn)).toEqual(login);
    expect(linksAdded('/', {})).toEqual(login);
    expect(linksAdded('/orders', signedIn, true)).toEqual(login);
  });

  it("signed in, makes the shell's calls (and on / the Dashboard's) with the token, for the app to take", () => {
    const sent = { headers: { accept: 'application/json', [TOKEN_HEADER]: 'a-token' }, credentials: 'include' };
    const onDashboard = run('/', signedIn);
    expect(onDashboard.calls).toEqual([...SHELL_CALLS, ...DASHBOARD_CALLS].map((path) => ({ path, init: sent })));
    expect(onDashboard.left?.token).toBe('a-token');
    expect(Object.keys(onDashboard.left?.answers ?? {})).toEqual([...SHELL_CALLS, ...DASHBOARD_CALLS]);

    expect(run('/orders', signedIn).calls.map((call) => call.path)).toEqual(SHELL_CALLS);
  });

  it('makes no call on /login, without a token, or when storage is refused', () => {
    for (const signedOut of [run('/login', signedIn), run('/', {}), run('/orders', signedIn, true)]) {
      expect([signedOut.calls, signedOut.left]).toEqual([[], undefined]);
    }
  });
});

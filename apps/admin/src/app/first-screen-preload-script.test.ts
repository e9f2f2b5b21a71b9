import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { FIRST_SCREEN_PRELOAD_SCRIPT_CSP, STORAGE_KEYS } from '@backroom/contract';
import { describe, expect, it } from 'vitest';

/*
 * public/first-screen-preload.js is plain JavaScript run as index.html is read, so it spells the
 * token's storage key itself: these tests hold it to the contract's key and to its hash in the
 * Content-Security-Policy. The browser tests that sign in and reload run it for real.
 */
const source = readFileSync(new URL('../../public/first-screen-preload.js', import.meta.url), 'utf8');

const LOGIN = '/assets/login.js';
const SHELL = '/assets/shell.js /assets/shell.css';
const DASHBOARD = '/assets/dashboard.js';

/** Runs the script on `pathname` with `stored` in storage; answers the links it added to the head. */
function linksAdded(pathname: string, stored: Record<string, string>, storageThrows = false): string[] {
  const added: string[] = [];
  const attributes: Record<string, string> = { 'data-login': LOGIN, 'data-shell': SHELL, 'data-dashboard': DASHBOARD };
  const window = {
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
  runInNewContext(source, { window, document });
  return added;
}

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
});

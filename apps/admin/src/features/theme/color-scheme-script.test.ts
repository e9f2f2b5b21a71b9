import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { COLOR_SCHEME_SCRIPT_CSP, STORAGE_KEYS } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR_SCHEME } from './color-scheme';

/*
 * public/color-scheme.js is plain JavaScript run before the app (and before any module can be
 * imported), so it spells the storage key and the default itself: these tests hold it to the
 * contract's key and the provider's default. The browser test (e2e/dark-theme.spec.ts) runs it for real.
 */
const source = readFileSync(new URL('../../../public/color-scheme.js', import.meta.url), 'utf8');

/** Runs the script against a page whose storage holds `stored` and whose system prefers dark or not. */
function schemeApplied(stored: Record<string, string>, systemDark: boolean, storageThrows = false): string | undefined {
  const attributes: Record<string, string> = {};
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
    matchMedia: (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
  };
  runInNewContext(source, { window, document });
  return attributes['data-mantine-color-scheme'];
}

describe('the pre-paint colour scheme script', () => {
  it("is the inline script the API's Content-Security-Policy allows by its hash (decision 058)", () => {
    const hash = createHash('sha256').update(source).digest('base64');
    expect(COLOR_SCHEME_SCRIPT_CSP).toBe(`'sha256-${hash}'`);
  });

  it("applies the choice stored under the contract's key", () => {
    expect(schemeApplied({ [STORAGE_KEYS.colorScheme]: 'dark' }, false)).toBe('dark');
    expect(schemeApplied({ [STORAGE_KEYS.colorScheme]: 'light' }, true)).toBe('light');
  });

  it("follows the system for 'auto', for no choice and for a value it does not know", () => {
    const choices: Record<string, string>[] = [
      { [STORAGE_KEYS.colorScheme]: 'auto' },
      {},
      { [STORAGE_KEYS.colorScheme]: 'purple' },
    ];
    for (const stored of choices) {
      expect(schemeApplied(stored, true)).toBe('dark');
      expect(schemeApplied(stored, false)).toBe('light');
    }
  });

  it('follows the system when storage is refused', () => {
    expect(schemeApplied({}, true, true)).toBe('dark');
  });

  it("without a choice, applies what the provider's default applies", () => {
    for (const systemDark of [true, false]) {
      const system = systemDark ? 'dark' : 'light';
      expect(schemeApplied({}, systemDark)).toBe(DEFAULT_COLOR_SCHEME === 'auto' ? system : DEFAULT_COLOR_SCHEME);
    }
  });
});

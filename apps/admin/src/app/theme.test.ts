import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './theme';

const { light, dark, variables } = cssVariablesResolver(DEFAULT_THEME);

/** Every source and style file of the admin, with its text. */
function sources(dir = path.resolve(import.meta.dirname, '..')): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(tsx?|css)$/.test(entry.name) ? [{ file, text: readFileSync(file, 'utf8') }] : [];
  });
}

describe('the theme per colour scheme', () => {
  it('sets the same variables in light and in dark, so none is left at the other scheme’s value', () => {
    expect(Object.keys(dark).sort()).toEqual(Object.keys(light).sort());
    expect(variables).toEqual({});
  });

  it('has no light-dark() in a style file: Vite’s CSS minifier rewrites it into variables nothing sets', () => {
    // (Inline styles are not rewritten: there the browser's own light-dark() works.)
    const rewritten = sources().filter(({ file, text }) => file.endsWith('.css') && /light-dark\(/.test(text));
    expect(rewritten.map(({ file }) => path.basename(file))).toEqual([]);
  });

  it('defines every --backroom-color variable the screens use, for both schemes', () => {
    const used = new Set(sources().flatMap(({ text }) => text.match(/--backroom-color-[a-z-]+/g) ?? []));
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) {
      expect(light, name).toHaveProperty([name]);
      expect(dark, name).toHaveProperty([name]);
    }
  });
});

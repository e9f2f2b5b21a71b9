import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/bootstrap/first-admin';
import { generateDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * docs/customer-api.md runs as written (issue 21): every ```sh example of the file, in order, in
 * one bash session against a listening app holding the demo shop as `npm start` makes it (the
 * first admin, then the demo), from a folder whose data/ is the app's DATA_DIR. Each example's
 * answers must be JSON with success true (and the message the doc shows next to it, if it shows
 * one), and each variable it sets must hold a value.
 */

const run = promisify(execFile);
const DOC = path.resolve(import.meta.dirname, '../../../../docs/customer-api.md');

interface Example {
  code: string;
  /** The shell variables the example sets. */
  sets: string[];
  /** The messages the doc shows as the example's answers (`# {"success":true,"message":"…"}`). */
  documented: string[];
}

function shellExamples(markdown: string): Example[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(([, code = '']) => ({
    code,
    sets: [...code.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1] as string),
    documented: [...code.matchAll(/^# \{.*?"message":"([^"]*)"/gm)].map((m) => m[1] as string),
  }));
}

/** One after the other, each example's output and the variables it set go to files of its own. */
function script(examples: Example[], out: string): string {
  const lines = ['set -euo pipefail'];
  examples.forEach((example, i) => {
    lines.push(`{\n${example.code}} > ${out}/${i}.out`);
    lines.push(
      `for name in ${example.sets.join(' ')}; do printf '%s=%s\\n' "$name" "\${!name-}"; done > ${out}/${i}.vars`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The JSON values curl printed one after the other (jq reads such a stream). */
async function answers(example: Example, output: string): Promise<unknown[]> {
  if (output.trim() === '') return [];
  const child = run('jq', ['-c', '-s', '.']);
  child.child.stdin?.end(output);
  const parsed = await child.catch(() => {
    throw new Error(`not JSON: ${output}\nfrom the example:\n${example.code}`);
  });
  return JSON.parse(parsed.stdout);
}

let t: TestApp;
let work: string;
beforeAll(async () => {
  await run('bash', ['-c', 'command -v curl && command -v jq']);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-doc-'));
  t = await createTestApp({ DATA_DIR: path.join(work, 'data') });
  // What `npm start` does on a new database: the first admin, then a (smaller) demo shop.
  await ensureFirstAdmin(t.database.db, { dataDir: t.config.dataDir });
  await generateDemo(t.database.db, {
    customers: 5,
    products: 40,
    storage: t.app.ctx.storage,
    timeZone: t.config.shopTimeZone,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('docs/customer-api.md', () => {
  it('runs every example as written against the demo shop, each answering success', async () => {
    const examples = shellExamples(await fs.readFile(DOC, 'utf8'));
    expect(examples.length).toBeGreaterThan(15);
    const out = path.join(work, 'out');
    await fs.mkdir(out);
    const { port } = t.app.server.address() as AddressInfo;
    const ran = await run('bash', ['-c', script(examples, out)], {
      cwd: work,
      // The shop was started without ADMIN_EMAIL and ADMIN_PASSWORD: its first admin's login is in the file.
      env: { ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, B: `http://127.0.0.1:${port}` },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string; message: string }) => ({ failed: error.stderr || error.message }));
    expect(ran).not.toHaveProperty('failed');

    for (const [i, example] of examples.entries()) {
      const output = await fs.readFile(path.join(out, `${i}.out`), 'utf8');
      const replies = await answers(example, output);
      const vars = Object.fromEntries(
        (await fs.readFile(path.join(out, `${i}.vars`), 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      const seen = { example: example.code, replies, vars };
      // Every example answers something or keeps something for the next ones.
      expect(replies.length + example.sets.length, JSON.stringify(seen)).toBeGreaterThan(0);
      for (const reply of replies) expect(reply, JSON.stringify(seen)).toMatchObject({ success: true });
      for (const name of example.sets) expect(vars[name], JSON.stringify(seen)).toMatch(/^(?!null$)\S+/);
      example.documented.forEach((message, n) => {
        expect(replies[n], JSON.stringify(seen)).toMatchObject({ message });
      });
    }
  });
});

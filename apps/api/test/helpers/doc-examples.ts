import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A markdown file's ```sh examples run as written: in order, in one bash session (issue 21,
 * docs/customer-api.md). scale/server-lifecycle.test.ts runs them against the real server process.
 */

const run = promisify(execFile);

export interface Example {
  code: string;
  /** The shell variables the example sets. */
  sets: string[];
  /** The messages the doc shows as the example's answers (`# {"success":true,"message":"…"}`). */
  documented: string[];
}

export interface ExampleRun {
  example: Example;
  /** The JSON values curl printed, one after the other. */
  replies: unknown[];
  /** The values the variables it sets held after it. */
  vars: Record<string, string>;
}

export function shellExamples(markdown: string): Example[] {
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

/**
 * Runs the examples in bash from `cwd` (its data/ is the shop's DATA_DIR) with B set to `base`,
 * without ADMIN_EMAIL and ADMIN_PASSWORD (the first admin's login is read from the file). Answers
 * bash's failure, or each example's replies and variables.
 */
export async function runExamples(
  examples: Example[],
  options: { cwd: string; base: string },
): Promise<{ failed: string } | { runs: ExampleRun[] }> {
  await run('bash', ['-c', 'command -v curl && command -v jq']);
  const out = await fs.mkdtemp(path.join(options.cwd, 'out-'));
  const ran = await run('bash', ['-c', script(examples, out)], {
    cwd: options.cwd,
    env: { ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, B: options.base },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr?: string; message: string }) => ({ failed: error.stderr || error.message }));
  if ('failed' in ran) return ran;
  const runs: ExampleRun[] = [];
  for (const [i, example] of examples.entries()) {
    const replies = await answers(example, await fs.readFile(path.join(out, `${i}.out`), 'utf8'));
    const vars = Object.fromEntries(
      (await fs.readFile(path.join(out, `${i}.vars`), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    runs.push({ example, replies, vars });
  }
  return { runs };
}

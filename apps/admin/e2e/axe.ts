import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';

/** axe's minified build: half the size of `axe.source` (1.5 MB), so half the parsing on every page. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/*
 * axe as every browser test runs it: what it reports as serious or critical, and the colour
 * contrast it could not decide.
 *
 * axe files text drawn in its background's own colour (a 1:1 ratio) under 'incomplete', not
 * under 'violations': it takes equal colours for text hidden on purpose. That is how the Users
 * screen's row actions went out as blank coloured pills while axe ran on that screen and
 * reported nothing (issue 20). So a contrast check axe could not finish is a finding too, unless
 * it is one axe can never measure, named below with the reason.
 */

/** Why axe may leave a text's contrast undecided without anything being wrong. */
const UNMEASURABLE = new Map([
  // Text inside an image (the dashboard's chart, role=img): dark-theme.spec.ts measures its colours itself.
  ['imgNode', 'text inside role=img'],
  // One or two characters (a chart's "0" tick): axe cannot tell text from an icon there.
  ['shortTextContent', 'too short to be sure it is text'],
  // Covered by another element (an open menu over the tiles): the covering element is checked itself.
  ['bgOverlap', 'covered by another element'],
  // Partly scrolled out of a sideways-scrolling table at a narrow width: the same text is measured
  // where it shows whole (every screen state at 1440 px, in both schemes: schemes.ts).
  ['elmPartiallyObscured', 'partly scrolled out of its scroll region'],
  ['elmPartiallyObscuring', 'crossing the edge of its scroll region'],
  // A field with no text in it: there is nothing to measure.
  ['emptyValue', 'no text to measure'],
]);

export interface AxeFinding {
  id: string;
  nodes: string[];
}

interface CheckResult {
  data?: { messageKey?: string; contrastRatio?: number; fgColor?: string; bgColor?: string } | null;
  message?: string;
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Leave out frames (the sandboxed e-mail preview runs nothing, so axe cannot look inside). */
  skipFrames?: boolean;
  /** Every violation, of any impact (moderate and minor too), not only the serious and critical. */
  anyImpact?: boolean;
  /** Only these rules (axe's ids): the colour rules, for a second scheme of a state measured whole in the first. */
  rules?: readonly string[];
}

/**
 * axe's rules that read colours: all that can change when only the colour scheme does. (The two
 * schemes render the same elements: no component of the admin draws per scheme, and the theme
 * choice's checked item is its only difference, which the first scheme's whole run has measured.)
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe.run in the page itself, axe put in once per document. (@axe-core/playwright's analyze()
 * injects axe into every frame and opens a blank page to finish each run: about 2 s a call on
 * this machine, for frames the admin does not have. Its one iframe, the sandboxed e-mail
 * preview, runs no script and is left out by `skipFrames`.)
 */
async function runAxe(page: Page, options: AxeOptions): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // What a person looks at once it has settled: a closing menu or an opening dialog is still
  // fading (a label half-transparent over its background), so axe waits for running transitions.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const scope = {
    include: options.include ?? null,
    exclude: options.skipFrames ? 'iframe' : null,
    rules: options.rules ? [...options.rules] : null,
  };
  const results: unknown = await page.evaluate(({ include, exclude, rules }) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const context = { include: include ?? document, exclude: exclude ? [exclude] : [] };
    const runOptions: axe.RunOptions = { resultTypes: ['violations', 'incomplete'], iframes: false };
    if (rules) runOptions.runOnly = { type: 'rule', values: rules };
    return inPage.run(context as axe.ElementContext, runOptions);
  }, scope);
  return results as axe.AxeResults;
}

/** Runs axe on the page as it is now: answers what must be fixed, empty when nothing. */
export async function seriousIssues(page: Page, options: AxeOptions = {}): Promise<AxeFinding[]> {
  const results = await runAxe(page, options);
  const serious = results.violations
    .filter((v) => options.anyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  const undecided = results.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) => v.nodes)
    .map((n) => ({ target: n.target.join(' '), check: (n.any[0] ?? {}) as CheckResult }))
    .filter(({ check }) => !UNMEASURABLE.has(check.data?.messageKey ?? ''))
    .map(({ target, check }) => {
      const d = check.data;
      const colours = d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1)` : '';
      return `${target}: ${d?.messageKey ?? check.message ?? 'undecided'}${colours}`;
    });
  return undecided.length > 0 ? [...serious, { id: 'color-contrast (undecided)', nodes: undecided }] : serious;
}

import { afterAll, afterEach } from 'vitest';
import { cost, mismatches } from '../helpers/openapi-check';

/**
 * An answer that its OpenAPI operation does not describe (a status it does not list, a body that
 * does not match) fails the test that got it (helpers/openapi-check.ts, decision 060).
 * OPENAPI_CHECK_COST=1 prints what the check cost the worker so far after each file.
 */
mismatches.length = 0;
afterEach(() => {
  const found = [...new Set(mismatches)];
  mismatches.length = 0;
  if (found.length > 0) throw new Error(`answers the OpenAPI document does not describe:\n${found.join('\n')}`);
});
afterAll(() => {
  if (!process.env.OPENAPI_CHECK_COST) return;
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.info(
    `OpenAPI check, this worker so far: ${cost.answers} answers in ${ms(cost.checkMs)}, the document built in ${ms(cost.documentMs)}`,
  );
});

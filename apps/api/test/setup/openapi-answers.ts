import { afterEach } from 'vitest';
import { mismatches } from '../helpers/openapi-check';

/**
 * An answer that its OpenAPI operation does not describe (a status it does not list, a body that
 * does not match) fails the test that got it (helpers/openapi-check.ts, decision 060).
 */
mismatches.length = 0;
afterEach(() => {
  const found = [...new Set(mismatches)];
  mismatches.length = 0;
  if (found.length > 0) throw new Error(`answers the OpenAPI document does not describe:\n${found.join('\n')}`);
});

/*
 * Zod's schemas, as they are built, check once whether the page may compile code (`new Function`)
 * for a faster object parse. The API's Content-Security-Policy forbids eval, so that check is
 * reported as a policy violation: Lighthouse lists it under best practices (the Dashboard's 96,
 * docs/decisions/058-lighthouse-on-a-phone.md), and the compiled parser could not be used anyway.
 * Zod's `jitless` setting skips the check. It is set through the global object zod keeps its
 * settings in (zod's core.js: `globalThis.__zod_globalConfig`) rather than `z.config()`, so the
 * login screen's first load stays without zod (decision 053); zod-jitless.test.ts holds zod to it.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};

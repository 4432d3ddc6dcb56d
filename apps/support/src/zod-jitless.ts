/*
 * zod (the contract's schemas) probes `new Function` when a schema is created, to compile fast object
 * parsers. Our CSP has no 'unsafe-eval', and browsers report the probe as a Content-Security-Policy
 * violation even though zod catches it. zod reads its configuration from this well-known global object
 * (and keeps a reference to it), so the flag is set on that object, creating it if zod has not yet:
 * this module must run before any schema is created. main.tsx imports it first, and it imports nothing,
 * so it is evaluated before the contract (the build keeps that order; see test/budget.test.ts).
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};

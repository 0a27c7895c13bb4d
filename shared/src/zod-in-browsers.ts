import { config } from 'zod/mini';

/*
 * First in this package's index, so it runs before any schema here is built. Zod builds a fast
 * object parser with `new Function` where it may, and probes for that when the first object
 * schema is made. The shop's CSP forbids eval, so in a browser the probe only fails, but it is
 * still reported as a CSP violation (the browser's issues, Lighthouse's best-practices audit).
 * Jitless, zod does not probe. On the servers (no `document`) parsing keeps the fast path.
 */
if ('document' in globalThis) config({ jitless: true });

import { config } from 'zod/mini';

/*
 * main.tsx's first import, so it runs before any schema is built. Zod builds a fast object parser
 * with `new Function` where it may, and probes for that when the first object schema is made.
 * The shop's CSP forbids eval, so the probe only fails, but it is still reported as a CSP
 * violation (the browser's issues, Lighthouse's best-practices audit). Jitless, zod does not
 * probe. Here, not in the shared package's index: that package is side-effect free to the
 * bundler (its package.json), so home's first load holds only the schemas home uses.
 */
config({ jitless: true });

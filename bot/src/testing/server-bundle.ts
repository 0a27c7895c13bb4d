// The server as `pnpm start` runs it, one JavaScript module, bundled once per test run by the bot
// project's global set-up (server-bundle-setup.ts): tests that start the shop as a process start
// this, not the TypeScript through tsx, which spent about 2 s of CPU compiling at every start.
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server (bot/src/main.ts as one module) the tests start with `node`. */
    serverBundle: string;
  }
}

/** The arguments of `node` that start the shop's server. */
export function serverArgs(): string[] {
  return [inject('serverBundle')];
}

// Component tests run in Node under jsdom and read what the shop server writes to disk (its SMS
// outbox). The webapp has no Node types, its code runs in browsers: the one call used is here.
declare module 'node:fs/promises' {
  export function readFile(path: string, encoding: 'utf8'): Promise<string>;
}

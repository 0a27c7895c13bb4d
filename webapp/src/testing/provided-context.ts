// What the component tests' global set-up (bot/src/testing/component-shop.ts) hands each test file.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the real shop server the screens call. */
    shopUrl: string;
    /** Its backend's data dir: sign-in codes are read from its SMS outbox there. */
    shopDataDir: string;
  }
}

// The browser's `#zod-on-servers` (see zod-on-servers.ts): nothing, so the bundle carries neither
// zod's English messages (the page never shows them) nor the memoizer.
export {};

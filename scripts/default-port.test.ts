// The server's default port is written once, in bot/src/config/default-port.ts, which the server's
// configuration and the build's dev proxy import. `pnpm start:cluster` (scripts/cluster.mjs, plain
// JavaScript that imports no TypeScript) keeps a fallback of its own for PORT: the same number.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT } from '../bot/src/config/default-port';

const cluster = fileURLToPath(new URL('cluster.mjs', import.meta.url));

describe("the server's default port", () => {
  it("is the cluster script's fallback for PORT", () => {
    const fallback = /env\.PORT \?\? (\d+)/.exec(readFileSync(cluster, 'utf8'))?.[1];
    expect(fallback).toBeDefined();
    expect(Number(fallback)).toBe(DEFAULT_PORT);
  });
});

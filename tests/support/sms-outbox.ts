import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './paths';

export interface OutboxLine {
  at: string;
  phone: string;
  text: string;
}

/**
 * Every SMS the console provider has written so far, oldest first: of the main e2e server, or of
 * the server whose data directory is given.
 */
export async function readOutbox(dataDir = E2E_DATA_DIR): Promise<OutboxLine[]> {
  try {
    const raw = await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
    return raw
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxLine);
  } catch {
    return [];
  }
}

/** The newest sign-in code the console SMS provider wrote for this phone (+998XXXXXXXXX). */
export async function latestCodeFor(phone: string, dataDir = E2E_DATA_DIR): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const lines = (await readOutbox(dataDir)).filter((line) => line.phone === phone);
      code = lines.at(-1)?.text.match(/\b\d{5}\b/)?.[0];
      return code;
    })
    .toMatch(/^\d{5}$/);
  return code ?? '';
}

let lastTail = -1;

/**
 * A fresh Uzbek mobile number per call, so per-phone sign-in limits and SMS never collide: the
 * clock in milliseconds, in a lane of its own for each parallel worker (its last digit is the
 * worker's), never the same twice in one worker.
 */
export function uniquePhone(): string {
  const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  let tail = Math.floor(Date.now() / 10) * 10 + lane;
  if (tail <= lastTail) tail = lastTail + 10;
  lastTail = tail;
  return `+99890${String(tail % 10_000_000).padStart(7, '0')}`;
}

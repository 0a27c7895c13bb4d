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

/** A fresh Uzbek mobile number per test, so per-phone sign-in limits never collide. */
export function uniquePhone(): string {
  const tail = String(Date.now() % 10_000_000).padStart(7, '0');
  return `+99890${tail}`;
}

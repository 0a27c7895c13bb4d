// What the local stand-ins for outside services (the Payme and Click sandboxes, the Eskiz
// stand-in) need on their bare node:http servers: a body read with a cap, secrets compared in
// constant time, their state kept in one JSON file, and card charges that answer late.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname } from 'node:path';
import type { z } from 'zod';

/** The request's body as UTF-8 text, or null once it passes `maxBytes` (the rest is not kept). */
export async function readCappedBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Equal texts, compared in constant time for equal lengths. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface StandInStore<T> {
  state: T;
  /** Writes the state; writes are queued so an older state never lands after a newer one. */
  save(): Promise<void>;
}

/**
 * A stand-in's state in one JSON file, written atomically (a new file renamed over the old), or
 * in memory only without a file; a missing file starts from `fresh()`.
 */
export async function openStandInStore<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
  fresh: () => z.output<S>,
): Promise<StandInStore<z.output<S>>> {
  let state = fresh();
  if (file !== undefined) {
    let text: string | null = null;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
    if (text !== null) state = schema.parse(JSON.parse(text));
  }
  let queue: Promise<void> = Promise.resolve();
  return {
    get state() {
      return state;
    },
    save() {
      if (file === undefined) return Promise.resolve();
      const text = `${JSON.stringify(state, null, 1)}\n`;
      const next = queue.then(async () => {
        await mkdir(dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600 });
        await rename(temporary, file);
      });
      // A failed write must not block later ones; the caller still hears of it.
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * Charges of stalling cards, each answered after `stallMs` or at once when the stand-in closes
 * (releaseAll), so a stand-in stops without waiting out its slowest charge.
 */
export function createStalls(stallMs: number) {
  const stalls = new Set<{ timer: NodeJS.Timeout; release: () => void }>();
  return {
    stall: (): Promise<void> =>
      new Promise((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            stalls.delete(entry);
            resolve();
          }, stallMs),
          release: resolve,
        };
        stalls.add(entry);
      }),
    releaseAll: (): void => {
      for (const entry of stalls) {
        clearTimeout(entry.timer);
        entry.release();
      }
      stalls.clear();
    },
  };
}

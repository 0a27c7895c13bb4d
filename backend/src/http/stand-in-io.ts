// What the local stand-ins for outside services (the Payme sandbox, the Eskiz stand-in) both need
// on their bare node:http servers: a body read with a cap, and secrets compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

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

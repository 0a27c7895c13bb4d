// Reading a backend's answer: unpacked when it came compressed anyway, and never past a size
// limit, so a runaway or hostile backend cannot take the relay's memory with it.
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Dispatcher } from 'undici';

/** Answers a backend sends compressed although the relay asks for none are unpacked as read. */
function unpacker(encoding: string | undefined): Transform | null | 'unknown' {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return 'unknown';
  }
}

/** A response header's one value (the first, if a backend sent it twice), or null. */
export function responseHeaderValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * The answer's text, read up to `limit` bytes; null past it, and the rest is never read (the
 * stream is destroyed, which closes the connection). A length declared over the limit is refused
 * before any of the body is read; a compressed answer is counted as it unpacks.
 */
export async function readLimited(
  body: Dispatcher.ResponseData['body'],
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): Promise<string | null> {
  const encoding = responseHeaderValue(headers['content-encoding']) ?? undefined;
  const unpack = unpacker(encoding);
  if (unpack === 'unknown') {
    body.destroy();
    throw new Error(`Unknown content-encoding ${String(encoding)}`);
  }
  const declared = Number(responseHeaderValue(headers['content-length']) ?? Number.NaN);
  if (unpack === null && declared > limit) {
    body.destroy();
    return null;
  }
  // A declared length within the limit bounds the body (undici fails one that runs past it):
  // read it whole, the common case, without counting chunk by chunk.
  if (unpack === null && declared <= limit) return body.text();
  const source: Readable = unpack === null ? body : body.pipe(unpack);
  if (unpack !== null) {
    body.once('error', (error: Error) => unpack.destroy(error));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) return null;
      chunks.push(chunk);
    }
  } finally {
    // Leaving early (too large, an error) closes the connection instead of reading on.
    if (size > limit || !source.readableEnded) {
      body.destroy();
      source.destroy();
    }
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

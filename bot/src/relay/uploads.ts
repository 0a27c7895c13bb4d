// Photo uploads pass through the relay as a stream, counted as they go and never held whole.
import { Transform, type Readable } from 'node:stream';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES } from '@shop/shared';
import { ShopError } from '@shop/shared/server';

/** The largest photo the backend takes, plus room for the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES;

/** An upload over UPLOAD_BODY_LIMIT, in the words (and with the reason) the backend uses. */
export function uploadTooLarge(): ShopError {
  const message = `The photo is larger than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB`;
  return new ShopError('payload_too_large', message, {
    details: [{ field: 'photo', message, rule: 'too_large' }],
  });
}

/** Passes an upload through while counting it, and fails it past the limit (never buffered). */
export function limitedUpload(
  source: Readable,
  limit: number,
): { stream: Readable; exceeded: () => boolean } {
  let seen = 0;
  let exceeded = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) {
        callback(null, chunk);
        return;
      }
      exceeded = true;
      callback(uploadTooLarge());
    },
  });
  source.on('error', (error) => counter.destroy(error));
  return { stream: source.pipe(counter), exceeded: () => exceeded };
}

// The profile photo upload (POST /api/profile/upload-photo, multipart field `photo`): the limits
// every tier applies and the reasons a refusal names, so the backend, the relay and the webapp
// agree on them and the webapp can say why in the shopper's language.

/** The field of the multipart body that carries the photo. */
export const PROFILE_PHOTO_FIELD = 'photo';

/** Largest photo file accepted: 10 MB (MiB, as phones and browsers count file sizes). */
export const PROFILE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Room for the multipart framing (boundaries, part headers) around the largest photo. */
export const PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Largest picture decoded, read from the file's header before any decoding (about 25 MP). */
export const PROFILE_PHOTO_MAX_PIXELS = 25_000_000;

/** The longest side of the stored photo; larger photos are scaled down. */
export const PROFILE_PHOTO_MAX_SIDE = 1024;

/**
 * Why a photo was refused, in `details[0].rule` of the error (field `photo`):
 * - missing: no file in the field `photo`;
 * - one_only: more than one file;
 * - type: the bytes are not a JPEG, PNG, WebP or HEIC picture (whatever the name or declared type);
 * - heic_unsupported: a HEIC picture this server cannot decode;
 * - too_large: over PROFILE_PHOTO_MAX_BYTES;
 * - too_many_pixels: over PROFILE_PHOTO_MAX_PIXELS;
 * - unreadable: damaged or incomplete (a truncated file).
 */
export const PHOTO_REFUSALS = [
  'missing',
  'one_only',
  'type',
  'heic_unsupported',
  'too_large',
  'too_many_pixels',
  'unreadable',
] as const;
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number];

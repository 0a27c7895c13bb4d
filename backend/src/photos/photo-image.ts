// Turns an uploaded photo into the stored picture: the bytes say what the file is (never its name
// or declared type), the header says how large it is (read before anything is decoded), and only
// then sharp decodes it, turns it upright by its EXIF orientation, scales it down and writes a
// fresh WebP, which carries none of the original's metadata (EXIF, GPS location, XMP, comments).
import { PROFILE_PHOTO_MAX_PIXELS, PROFILE_PHOTO_MAX_SIDE, type PhotoRefusal } from '@shop/shared';
import sharp, { type Metadata } from 'sharp';
import { ShopError } from '@shop/shared/server';

// Uploaded pictures are seen once: keeping them in libvips' operation cache only holds memory.
sharp.cache(false);

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** HEIF brands of HEVC-coded pictures (iPhones write `heic`; bursts and sequences the others). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
/** Generic HEIF brands: HEIC only when a HEIC brand is among the compatible ones. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/** The ISO-BMFF `ftyp` box's major and compatible brands, or null when the file has none. */
function heifBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize > 4096 || boxSize > bytes.length) return null;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** What the first bytes say the file is; null for anything but the four accepted formats. */
function sniffPhotoFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  const brands = heifBrands(bytes);
  if (brands) {
    const [major] = brands;
    if (major !== undefined && HEIC_BRANDS.has(major)) return 'heic';
    if (major !== undefined && GENERIC_HEIF_BRANDS.has(major)) {
      if (brands.slice(1).some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    }
  }
  return null;
}

/** The refusal every tier speaks: a 4xx with the reason in `details[0].rule`. */
export function photoRefused(reason: PhotoRefusal, message: string): ShopError {
  const code =
    reason === 'type' || reason === 'heic_unsupported'
      ? 'unsupported_media_type'
      : reason === 'too_large' || reason === 'too_many_pixels'
        ? 'payload_too_large'
        : reason === 'missing' || reason === 'one_only'
          ? 'validation_error'
          : 'bad_request';
  return new ShopError(code, message, { details: [{ field: 'photo', message, rule: reason }] });
}

const NOT_A_PHOTO = 'Send a JPEG, PNG or WebP photo';
const UNREADABLE = 'The photo is damaged or incomplete and cannot be read';
const HEIC_UNSUPPORTED = 'HEIC photos are not accepted: send a JPEG, PNG or WebP photo instead';

/** sharp's format names for each sniffed format (HEIC decodes through libheif as 'heif'). */
const SHARP_FORMAT: Readonly<Record<PhotoFormat, string>> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heif',
};

const INPUT_OPTIONS = {
  // libvips' own guard as well: it refuses to decode past this even if a header lied to us.
  limitInputPixels: PROFILE_PHOTO_MAX_PIXELS,
  // A truncated file is refused rather than stored with a grey band; libvips' mere warnings (odd
  // but readable markers, common in phone photos) are not.
  failOn: 'truncated',
} as const;

/** At most this many photos are decoded at once: a 25 MP decode holds about 100 MB. */
const MAX_PARALLEL_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_PARALLEL_DECODES) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    decoding += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so the count stays right.
    if (next) next();
    else decoding -= 1;
  }
}

export interface ProcessedPhoto {
  /** The WebP to store. */
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The stored form of an uploaded photo, or an ShopError (4xx) saying why it is refused. Nothing is
 * decoded before the bytes are known to be one of the four formats and the header's dimensions
 * are within PROFILE_PHOTO_MAX_PIXELS.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const format = sniffPhotoFormat(bytes);
  if (format === null) throw photoRefused('type', NOT_A_PHOTO);

  let header: Metadata;
  try {
    // Reads only the header (dimensions, orientation, coding); no pixel is decoded here. Without
    // the pixel limit, which would refuse an oversized header with a bare error: the check below
    // names the size instead.
    header = await sharp(bytes, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw photoRefused('unreadable', UNREADABLE);
  }
  // The magic bytes and the decoder must agree (a PNG signature glued to something else).
  if (header.format !== SHARP_FORMAT[format]) throw photoRefused('type', NOT_A_PHOTO);
  const { width, height } = header;
  if (!width || !height) throw photoRefused('unreadable', UNREADABLE);
  if (width * height > PROFILE_PHOTO_MAX_PIXELS) {
    throw photoRefused(
      'too_many_pixels',
      `The photo is ${((width * height) / 1e6).toFixed(0)} megapixels; at most ${PROFILE_PHOTO_MAX_PIXELS / 1e6} are accepted`,
    );
  }

  return withDecodeSlot(async () => {
    try {
      const { data, info } = await sharp(bytes, INPUT_OPTIONS)
        .rotate() // by the EXIF orientation; the EXIF itself is not written out
        .resize(PROFILE_PHOTO_MAX_SIDE, PROFILE_PHOTO_MAX_SIDE, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      // The header was readable; the pixels are not. A HEIC that fails here is, with sharp's
      // prebuilt libvips, an HEVC picture it has no decoder for (libde265 is not bundled).
      if (format === 'heic' && header.compression === 'hevc') {
        throw photoRefused('heic_unsupported', HEIC_UNSUPPORTED);
      }
      throw photoRefused('unreadable', UNREADABLE);
    }
  });
}

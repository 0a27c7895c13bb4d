// The profile photo upload on the real backend (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set): real pictures made here by sharp go in as multipart; what is stored is checked on disk.
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILE_PHOTO_MAX_BYTES, type User } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';
import { ORPHAN_PHOTO_MIN_AGE_MS, sweepOrphanPhotos } from './photo-sweep';

const BOUNDARY = '----shop-photo-test';

interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

function multipartBody(files: FilePart[], fields: Record<string, string> = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.filename ?? 'me.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** 41°18′N 69°16′E (Tashkent): where a phone would say the picture was taken. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '41/1 18/1 0/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '69/1 16/1 0/1',
};

function picture(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } },
  });
}

/** A landscape JPEG that a phone held upright took: EXIF orientation 6, GPS position. */
function phoneJpeg(): Promise<Buffer> {
  return picture(1600, 1200)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'ShopTestPhone' }, IFD3: GPS })
    .toBuffer();
}

/** Whether an EXIF block (as sharp's metadata gives it: "Exif\0\0" + TIFF) has a GPS directory. */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 4).toString('latin1') === 'Exif' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index += 1) {
    if (u16(ifd0 + 2 + index * 12) === 0x8825) return true; // GPSInfo pointer
  }
  return false;
}

/** A valid PNG whose header is rewritten to declare width × height (CRC fixed up): a bomb's
 * header on a tiny file. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(8, 8).png().toBuffer());
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url));

/** Whether this machine's sharp can decode HEVC-coded HEIC (the prebuilt libvips cannot). */
async function sharpDecodesHeic(heic: Buffer): Promise<boolean> {
  try {
    await sharp(heic).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

describe.each(DATABASE_KINDS)('profile photo upload (%s)', (kind) => {
  let t: TestBackend;
  let token: string;
  let photoDir: string;

  beforeAll(async () => {
    t = await createTestBackend({ kind });
    ({ token } = await signIn(t));
    photoDir = join(t.dataDir, 'photos');
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(payload: Buffer, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'x-lang': 'en',
        ...headers,
      },
      payload,
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  async function storedFiles(): Promise<string[]> {
    try {
      return (await readdir(photoDir)).sort();
    } catch {
      return [];
    }
  }

  async function currentPhoto(): Promise<string | null> {
    const answer = await call(t, 'GET', '/api/auth/user', { token });
    return (answer.body as User).photo;
  }

  /** Uploads and expects a refusal that names its reason and leaves the photos as they were. */
  async function expectRefused(
    payload: Buffer,
    expected: { status: number; rule?: string; message: RegExp },
  ) {
    const filesBefore = await storedFiles();
    const photoBefore = await currentPhoto();
    const answer = await upload(payload);
    expect(answer.status).toBe(expected.status);
    expect(answer.body.message).toMatch(expected.message);
    if (expected.rule) {
      expect(answer.body.details).toEqual([
        expect.objectContaining({ field: 'photo', rule: expected.rule }),
      ]);
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await currentPhoto()).toBe(photoBefore);
  }

  it('stores a phone JPEG upright, at most 1024 px, as WebP without its EXIF and GPS', async () => {
    const original = await phoneJpeg();
    const originalMeta = await sharp(original).metadata();
    // The test means something only if the upload really carries a position and a rotation.
    expect(hasGpsDirectory(originalMeta.exif)).toBe(true);
    expect(originalMeta.orientation).toBe(6);

    const answer = await upload(multipartBody([{ data: original }]));
    expect(answer.status).toBe(200);
    const user = answer.body as unknown as User;
    expect(user.photo).toMatch(/^\/media\/photos\/[0-9a-f]{32}\.webp$/);
    expect(await currentPhoto()).toBe(user.photo);

    const files = await storedFiles();
    expect(files).toEqual([user.photo?.split('/').pop()]);
    const stored = await readFile(join(photoDir, files[0] ?? ''));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    // 1600×1200 turned a quarter (orientation 6) and scaled to fit 1024.
    expect([meta.width, meta.height]).toEqual([768, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('ShopTestPhone')).toBe(false);

    // Served to anyone holding the URL, for a year: the name changes when the photo does.
    const served = await t.app.inject({ method: 'GET', url: user.photo ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('takes a PNG and a WebP, each replacing (and deleting) the previous photo', async () => {
    const first = await currentPhoto();
    expect(first).not.toBeNull();

    const png = await picture(300, 200).png().toBuffer();
    const pngAnswer = await upload(multipartBody([{ data: png, filename: 'me.png' }]));
    expect(pngAnswer.status).toBe(200);
    const second = (pngAnswer.body as unknown as User).photo;
    expect(second).not.toBe(first);
    expect(await storedFiles()).toEqual([second?.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: first ?? '' })).statusCode).toBe(404);

    const webp = await picture(2000, 500).webp().toBuffer();
    const webpAnswer = await upload(multipartBody([{ data: webp, filename: 'me.webp' }]));
    expect(webpAnswer.status).toBe(200);
    const third = (webpAnswer.body as unknown as User).photo;
    const files = await storedFiles();
    expect(files).toEqual([third?.split('/').pop()]);
    const meta = await sharp(join(photoDir, files[0] ?? '')).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 256]);
    // A small picture is not blown up.
    const small = await upload(multipartBody([{ data: png }]));
    const smallFile = (small.body as unknown as User).photo?.split('/').pop() ?? '';
    expect(await sharp(join(photoDir, smallFile)).metadata()).toMatchObject({
      width: 300,
      height: 200,
    });
  });

  it('refuses a 30-megapixel bomb from its header, before decoding', async () => {
    await expectRefused(multipartBody([{ data: await pngDeclaring(6000, 5000) }]), {
      status: 413,
      rule: 'too_many_pixels',
      message: /30 megapixels; at most 25/,
    });
    // And a real one: 30 MP of one colour compresses to about 100 KB.
    const real = await picture(6000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(real.length).toBeLessThan(PROFILE_PHOTO_MAX_BYTES);
    await expectRefused(multipartBody([{ data: real }]), {
      status: 413,
      rule: 'too_many_pixels',
      message: /megapixels/,
    });
  });

  it('refuses bytes that are not one of the four formats, whatever the name or declared type', async () => {
    const jpeg = await picture(40, 40).jpeg().toBuffer();
    const wrongMagic = Buffer.from(jpeg);
    wrongMagic[0] = 0x00;
    await expectRefused(multipartBody([{ data: wrongMagic }]), {
      status: 415,
      rule: 'type',
      message: /JPEG, PNG or WebP photo/,
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>',
    );
    await expectRefused(multipartBody([{ data: svg, filename: 'me.png', type: 'image/png' }]), {
      status: 415,
      rule: 'type',
      message: /JPEG, PNG or WebP photo/,
    });
    const gif = await picture(40, 40).gif().toBuffer();
    await expectRefused(multipartBody([{ data: gif, filename: 'me.jpg' }]), {
      status: 415,
      rule: 'type',
      message: /JPEG, PNG or WebP photo/,
    });
    // A PNG signature glued onto a JPEG: a PNG that cannot be read.
    const glued = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), jpeg]);
    await expectRefused(multipartBody([{ data: glued }]), {
      status: 400,
      rule: 'unreadable',
      message: /damaged or incomplete/,
    });
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await phoneJpeg();
    await expectRefused(
      multipartBody([{ data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) }]),
      {
        status: 400,
        rule: 'unreadable',
        message: /damaged or incomplete/,
      },
    );
  });

  it('refuses a file over 10 MB', async () => {
    // Random bytes behind a JPEG signature: no encoder makes an 11 MB JPEG quickly.
    const big = Buffer.alloc(11_000_000, 0x5a);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(multipartBody([{ data: big }]), {
      status: 413,
      rule: 'too_large',
      message: /larger than 10 MB/,
    });
  });

  it('refuses a request without the photo, with two files, or not multipart at all', async () => {
    const jpeg = await picture(40, 40).jpeg().toBuffer();
    await expectRefused(multipartBody([], { name: 'x' }), {
      status: 400,
      rule: 'missing',
      message: /field "photo"/,
    });
    await expectRefused(multipartBody([{ data: jpeg, field: 'avatar' }]), {
      status: 400,
      rule: 'missing',
      message: /field "photo"/,
    });
    await expectRefused(multipartBody([{ data: jpeg }, { data: jpeg }]), {
      status: 400,
      rule: 'one_only',
      message: /one photo/,
    });
    await expectRefused(multipartBody([{ data: Buffer.alloc(0) }]), {
      status: 400,
      rule: 'missing',
      message: /field "photo"/,
    });
    // Framing cut short in the middle of the file part.
    const cut = multipartBody([{ data: jpeg }]);
    await expectRefused(cut.subarray(0, cut.length - 40), {
      status: 400,
      message: /multipart/,
    });
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ photo: 'data:image/png;base64,AAAA' }),
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('needs a signed-in shopper and writes nothing for a stranger', async () => {
    const before = await storedFiles();
    const jpeg = await picture(40, 40).jpeg().toBuffer();
    const answer = await upload(multipartBody([{ data: jpeg }]), { authorization: 'Bearer nope' });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthorized' });
    expect(await storedFiles()).toEqual(before);
  });

  it('takes a HEIC photo only when this sharp can decode it, and says so clearly otherwise', async () => {
    const heic = await readFile(HEIC_FIXTURE);
    const meta = await sharp(heic).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'hevc' });
    if (await sharpDecodesHeic(heic)) {
      const answer = await upload(multipartBody([{ data: heic, filename: 'IMG_0001.HEIC' }]));
      expect(answer.status).toBe(200);
    } else {
      await expectRefused(
        multipartBody([{ data: heic, filename: 'IMG_0001.HEIC', type: 'image/heic' }]),
        { status: 415, rule: 'heic_unsupported', message: /HEIC photos are not accepted/ },
      );
    }
  });

  it('serves only stored photo names', async () => {
    for (const url of [
      '/media/photos/0123456789abcdef0123456789abcdef.webp',
      '/media/photos/..%2F..%2Fcatalog-api-key',
      '/media/photos/.partial',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('sweeps photos no account points at, once they are an hour old, and keeps the rest', async () => {
    const stored = await upload(multipartBody([{ data: await phoneJpeg() }]));
    expect(stored.status).toBe(200);
    const current = (await readdir(photoDir)).filter((name) => name.endsWith('.webp'));
    expect(current).toHaveLength(1);
    const now = new Date();
    const old = new Date(now.getTime() - 2 * ORPHAN_PHOTO_MIN_AGE_MS);
    const orphan = `${'a'.repeat(32)}.webp`;
    const partial = `.${'b'.repeat(32)}.webp.partial`;
    const young = `${'c'.repeat(32)}.webp`;
    const stranger = 'notes.txt';
    for (const name of [orphan, partial, young, stranger]) {
      await writeFile(join(photoDir, name), 'x');
    }
    for (const name of [orphan, partial, stranger, ...current]) {
      await utimes(join(photoDir, name), old, old);
    }

    const removed = await sweepOrphanPhotos({ db: t.db, photoDir, now });

    expect(removed.sort()).toEqual([partial, orphan].sort());
    // The account's own photo (however old), a file still being saved, and files not ours stay.
    expect((await readdir(photoDir)).sort()).toEqual([...current, young, stranger].sort());
    await rm(join(photoDir, young));
    await rm(join(photoDir, stranger));
  });
});

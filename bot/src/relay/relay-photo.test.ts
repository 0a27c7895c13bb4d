// The profile photo through the relay to the real reference backend: the upload streams through,
// the backend re-encodes and stores it, and the relay serves the stored photo back; a refusal of
// the backend reaches the browser with its reason.
import { CALLS, type User } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { UPLOAD_BODY_LIMIT } from './uploads';

/** A 48×32 JPEG from a "phone": EXIF orientation 6, a GPS position and the maker (made by sharp). */
const PHONE_JPEG = Buffer.from(
  '/9j/4QFKRXhpZgAASUkqAAgAAAAIAA8BAgAPAAAAfgAAABIBAwABAAAABgAAABoBBQABAAAAbgAAABsBBQABAAAAdg' +
    'AAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAjgAAACWIBAABAAAA3AAAAAAAAAA4YwAA6AMAADhjAADo' +
    'AwAAUmVsYXlUZXN0UGhvbmUAAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//w' +
    'AAAqAEAAEAAAAwAAAAA6AEAAEAAAAgAAAAAAAAAAQAAQACAAIAAABOAAAAAgAFAAMAAAAqAQAAAwACAAIAAABFAAAA' +
    'BAAFAAMAAAASAQAAAAAAAEUAAAABAAAAEAAAAAEAAAAAAAAAAQAAACkAAAABAAAAEgAAAAEAAAAAAAAAAQAAAP/iAf' +
    'BJQ0NfUFJPRklMRQABAQAAAeBsY21zBCAAAG1udHJSR0IgWFlaIAfiAAMAFAAJAA4AHWFjc3BNU0ZUAAAAAHNhd3Nj' +
    'dHJsAAAAAAAAAAAAAAAAAAD21gABAAAAANMtaGFuZHnpv1ZaPgG2gyOFVUb3T6oAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAACmRlc2MAAAD8AAAAJGNwcnQAAAEgAAAAInd0cHQAAAFEAAAAFGNoYWQAAAFYAAAALHJYWVoAAAGE' +
    'AAAAFGdYWVoAAAGYAAAAFGJYWVoAAAGsAAAAFHJUUkMAAAHAAAAAIGdUUkMAAAHAAAAAIGJUUkMAAAHAAAAAIG1sdW' +
    'MAAAAAAAAAAQAAAAxlblVTAAAACAAAABwAcwBSAEcAQm1sdWMAAAAAAAAAAQAAAAxlblVTAAAABgAAABwAQwBDADAA' +
    'AFhZWiAAAAAAAAD21gABAAAAANMtc2YzMgAAAAAAAQw/AAAF3f//8yYAAAeQAAD9kv//+6H///2iAAAD3AAAwHFYWV' +
    'ogAAAAAAAAb6AAADjyAAADj1hZWiAAAAAAAABilgAAt4kAABjaWFlaIAAAAAAAACSgAAAPhQAAtsRwYXJhAAAAAAAD' +
    'AAAAAmZpAADypwAADVkAABPQAAAKW//bAEMACgcHCAcGCggICAsKCgsOGBAODQ0OHRUWERgjHyUkIh8iISYrNy8mKT' +
    'QpISIwQTE0OTs+Pj4lLkRJQzxINz0+O//bAEMBCgsLDg0OHBAQHDsoIig7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7' +
    'Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O//AABEIACAAMAMBIgACEQEDEQH/xAAVAAEBAAAAAAAAAAAAAAAAAAAABP' +
    '/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/' +
    '2gAMAwEAAhEDEQA/AJQEwsAAAAAAAAAAH//Z',
  'base64',
);

const BOUNDARY = '----relay-photo-test';

function upload(data: Buffer, filename = 'me.jpg', type = 'image/jpeg'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

let stand: RelayStand;
let token: string;

beforeAll(async () => {
  stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'warn' });
  const phone = '+998901112233';
  const headers = { 'content-type': 'application/json' };
  const sent = await stand.app.inject({
    method: 'POST',
    url: CALLS.sendOtp.path,
    headers,
    payload: JSON.stringify({ phone }),
  });
  expect(sent.statusCode).toBe(200);
  const otp = await stand.lastCode(phone);
  const verified = await stand.app.inject({
    method: 'POST',
    url: CALLS.verifyOtp.path,
    headers,
    payload: JSON.stringify({ phone, otp }),
  });
  token = verified.json<{ access_token: string }>().access_token;
});

afterAll(async () => {
  await stand.close();
});

function send(payload: Buffer) {
  return stand.app.inject({
    method: 'POST',
    url: CALLS.uploadPhoto.path,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-lang': 'ru',
    },
    payload,
  });
}

describe('profile photo through the relay', () => {
  it('reaches the backend and comes back as the stored WebP, without EXIF', async () => {
    // The test means something only if the upload carries the metadata to strip.
    expect(PHONE_JPEG.includes('RelayTestPhone')).toBe(true);
    const payload = upload(PHONE_JPEG);
    const answer = await send(payload);
    expect(answer.statusCode, answer.body).toBe(200);
    const user = answer.json<User>();
    expect(user.photo).toMatch(/^\/media\/photos\/[0-9a-f]{32}\.webp$/);
    const reached = stand.proxy.requests.filter((seen) => seen.url === CALLS.uploadPhoto.path);
    // The recording proxy streams without keeping bodies: what arrived is the backend's answer.
    expect(reached).toHaveLength(1);
    expect(reached[0]?.headers['content-type']).toBe(`multipart/form-data; boundary=${BOUNDARY}`);
    expect(Number(reached[0]?.headers['content-length'] ?? payload.length)).toBe(payload.length);

    const me = await stand.app.inject({
      url: CALLS.authUser.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json<User>().photo).toBe(user.photo);

    const served = await stand.app.inject({ url: user.photo ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const webp = served.rawPayload;
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // WebP keeps metadata in EXIF and XMP chunks: there are none, nor the maker's name.
    expect(webp.includes('EXIF')).toBe(false);
    expect(webp.includes('XMP ')).toBe(false);
    expect(webp.includes('RelayTestPhone')).toBe(false);
  });

  it("passes the backend's refusal of an SVG named .png on, with its reason", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const answer = await send(upload(svg, 'me.png', 'image/png'));
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({
      code: 'unsupported_media_type',
      details: [{ field: 'photo', rule: 'type' }],
    });
  });

  it('refuses an upload over the limit itself, before the backend sees it', async () => {
    const before = stand.proxy.requests.length;
    const answer = await send(upload(Buffer.alloc(UPLOAD_BODY_LIMIT, 0xff)));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ details: [{ rule: 'too_large' }] });
    expect(stand.proxy.requests.length).toBe(before);
  });
});

// The upload path of the api client (XMLHttpRequest, for progress) keeps the conventions of its
// fetch path: the same headers, the server's error with its details, the answer checked against
// the contract. The browser's XMLHttpRequest is an outside part: a stand-in plays it here, and the
// end-to-end test (tests/e2e/profile-photo.spec.ts) uses the real one.
import { describe, expect, it } from 'vitest';
import { isApiError } from './api-error';
import { createApiClient } from './client';

const user = {
  id: 1,
  name: 'Aziza',
  surname: null,
  phone: '+998901234567',
  photo: '/media/photos/0123456789abcdef0123456789abcdef.webp',
  email: null,
  company: null,
  user_type: 'individual',
};

/** Plays XMLHttpRequest: records what was sent, then reports progress and answers on demand. */
class XhrStandIn {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  /** Settles once the body is sent: the client first looks up the call (maybe loading it). */
  readonly sent: Promise<void>;
  private markSent: () => void = () => undefined;

  constructor() {
    this.sent = new Promise((resolve) => {
      this.markSent = resolve;
    });
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.markSent();
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function setup() {
  const xhr = new XhrStandIn();
  const client = createApiClient({
    fetch: () => Promise.reject(new Error('uploads do not use fetch')),
    createXhr: () => xhr as unknown as XMLHttpRequest,
    getContext: () => ({
      language: 'uz',
      accountType: 'individual',
      token: 'a'.repeat(43),
      telegramInitData: null,
    }),
  });
  return { xhr, client };
}

function photoForm(): FormData {
  const body = new FormData();
  body.append('photo', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'me.jpg');
  return body;
}

describe('api client uploads', () => {
  it('sends the form with the bearer token and language, reports progress, answers the user', async () => {
    const { xhr, client } = setup();
    const seen: number[] = [];
    const body = photoForm();
    const done = client.upload('uploadPhoto', { body, onProgress: (sent) => seen.push(sent) });
    await xhr.sent;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/profile/upload-photo']);
    expect(xhr.headers.authorization).toBe(`Bearer ${'a'.repeat(43)}`);
    expect(xhr.headers['x-lang']).toBe('uz');
    // The browser sets the multipart content type with its boundary.
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBe(body);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, user);
    await expect(done).resolves.toEqual(user);
    expect(seen).toEqual([0.25, 1]);
  });

  it("turns a refusal into the server's error with its reason", async () => {
    const { xhr, client } = setup();
    const done = client.upload('uploadPhoto', { body: photoForm() });
    await xhr.sent;
    xhr.answer(415, {
      code: 'unsupported_media_type',
      message: 'Send a JPEG, PNG or WebP photo',
      details: [{ field: 'photo', message: 'Send a JPEG, PNG or WebP photo', rule: 'type' }],
    });
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(isApiError(error) && error.code).toBe('unsupported_media_type');
    expect(isApiError(error) && error.details[0]?.rule).toBe('type');
  });

  it('refuses an answer outside the contract and reports a lost connection', async () => {
    const first = setup();
    const bad = first.client.upload('uploadPhoto', { body: photoForm() });
    await first.xhr.sent;
    first.xhr.answer(200, { id: 'not a user' });
    await expect(bad).rejects.toMatchObject({ code: 'invalid_response' });

    const second = setup();
    const lost = second.client.upload('uploadPhoto', { body: photoForm() });
    await second.xhr.sent;
    second.xhr.onerror?.();
    await expect(lost).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });
});

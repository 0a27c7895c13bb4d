// Bad input anywhere gets a clear 4xx in the one error shape, never a 5xx; the catalogue API key
// is required where it should be and never shows up in an answer or a log line.
import { ApiErrorSchema, CALLS, CATALOG_PREFIX, callPath, type CallDef } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackend } from '../app';
import { openDatabase } from '../db/client';
import { createPaymeProcessor } from '../payments/payme-processor';
import { FIXTURES } from '../seed/fixtures';
import { call, signIn, type Answer } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const CALL_LIST = Object.entries(CALLS) as [string, CallDef][];

const SAMPLE_PARAMS: Record<string, string> = {
  tid: 'UY-001001',
  slug: FIXTURES.colourVariantProduct.slug,
  customerId: '1',
  orderId: '1',
  id: '1',
};

function pathOf(def: CallDef): string {
  return callPath(def.path, SAMPLE_PARAMS);
}

function expectClientError(answer: Answer, context: string): void {
  const shown = `${context}: ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  expect(answer.status, shown).toBeLessThan(500);
  expect(answer.headers['content-type'], context).toMatch(/^application\/json/);
  expect(ApiErrorSchema.safeParse(answer.body).success, shown).toBe(true);
}

describe.each(DATABASE_KINDS)('HTTP contract on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  function headersFor(
    def: CallDef,
    extra: Record<string, string> = {},
    bearer = token,
  ): Record<string, string> {
    return {
      ...(def.path.startsWith(CATALOG_PREFIX) ? { 'x-api-key': t.apiKey } : {}),
      ...(def.auth === 'bearer' ? { authorization: `Bearer ${bearer}` } : {}),
      ...extra,
    };
  }

  it('answers unknown routes and methods with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/api/auth'],
      ['DELETE', '/api/orders'],
      ['GET', '/api/auth/send-otp'],
      ['GET', `${CATALOG_PREFIX}/resources/unknown`],
    ] as const) {
      const answer = await call(t, method, url, { headers: { 'x-api-key': t.apiKey } });
      expect(answer.status, url).toBe(404);
      expectClientError(answer, url);
    }
  });

  it('refuses malformed paths in the same error shape', async () => {
    for (const url of [
      `${CATALOG_PREFIX}/resources/product/%ZZ`,
      `${CATALOG_PREFIX}/resources/product/${'a'.repeat(400)}`,
      `${CATALOG_PREFIX}/resources/product/caf%C3%A9`,
      `${CATALOG_PREFIX}/resources/product/a%00b`,
      '/api/orders/%ZZ',
      `/api/orders/${'x'.repeat(400)}`,
      '/api/orders/UY%00',
    ]) {
      const answer = await call(t, 'GET', url, { headers: { 'x-api-key': t.apiKey }, token });
      expectClientError(answer, url.slice(0, 80));
    }
  });

  it('answers the spec’s trailing-slash path POST /api/orders/ like /api/orders', async () => {
    const answer = await call(t, 'POST', '/api/orders/', { token, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error' });
  });

  // Logout ignores its body and would end the shared session, so it is covered on its own.
  it.each(
    CALL_LIST.filter(
      ([, def]) => def.method !== 'GET' && def.body !== 'multipart' && def !== CALLS.logout,
    ),
  )(
    '%s: refuses malformed JSON, wrong content types, wrong shapes and NUL characters with 4xx',
    async (name, def) => {
      const url = pathOf(def);
      const headers = headersFor(def);
      const malformed = await call(t, def.method, url, {
        headers: { ...headers, 'content-type': 'application/json' },
        rawBody: '{"phone": ',
      });
      if (def.body !== undefined) {
        expect(malformed.status, name).toBe(400);
        expectClientError(malformed, `${name} malformed`);
      }
      const cases: { body?: unknown; rawBody?: string; headers?: Record<string, string> }[] = [
        { body: [] },
        { body: 'text' },
        { body: null },
        { body: { unexpected: true } },
        { body: { phone: 'a\u0000b', items: [{ product_id: 'x' }], cart_data: 'no' } },
        { rawBody: 'phone=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { rawBody: 'x'.repeat(600 * 1024), headers: { 'content-type': 'application/json' } },
      ];
      for (const c of cases) {
        const answer = await call(t, def.method, url, {
          ...(c.body !== undefined ? { body: c.body } : {}),
          ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : {}),
          headers: { ...headers, ...c.headers },
        });
        if (def.body === undefined && answer.status < 400) continue; // e.g. logout ignores a body
        expectClientError(answer, `${name} ${JSON.stringify(c.body ?? c.headers)}`);
      }
    },
  );

  it('refuses a JSON prototype-poisoning body', async () => {
    const answer = await call(t, 'POST', '/api/auth/send-otp', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"phone":"+998901234567","__proto__":{"admin":true}}',
    });
    expectClientError(answer, 'proto');
  });

  it.each(CALL_LIST.filter(([, def]) => def.method === 'GET'))(
    '%s: refuses unknown or repeated query parameters with validation details',
    async (name, def) => {
      const answer = await call(t, 'GET', `${pathOf(def)}?unexpected=1&q=a&q=b&page=0`, {
        headers: headersFor(def),
      });
      expect(answer.status, name).toBe(400);
      expectClientError(answer, name);
      expect((answer.body as { details?: unknown[] }).details?.length ?? 0).toBeGreaterThan(0);
    },
  );

  it.each(CALL_LIST)(
    '%s: refuses an invalid x-lang or x-account-type with 400 naming the header',
    async (name, def) => {
      for (const [header, value] of [
        ['x-lang', 'de'],
        ['x-lang', 'uz, ru'],
        ['x-account-type', 'admin'],
      ] as const) {
        const answer = await call(t, def.method, pathOf(def), {
          headers: headersFor(def, { [header]: value }),
          body: def.method === 'GET' ? undefined : {},
        });
        if (def.body === 'multipart') {
          expectClientError(answer, name);
          continue;
        }
        expect(answer.status, `${name} ${header}`).toBe(400);
        expect(answer.body, name).toMatchObject({
          code: 'validation_error',
          details: [{ field: header }],
        });
      }
    },
  );

  it.each(CALL_LIST.filter(([, def]) => def.path.startsWith(CATALOG_PREFIX)))(
    '%s: needs the API key (401 without it or with a wrong one)',
    async (name, def) => {
      const common = { body: def.method === 'GET' ? undefined : {} };
      for (const headers of [
        {},
        { 'x-api-key': '' },
        { 'x-api-key': `${t.apiKey}x` },
        { 'x-api-key': t.apiKey.slice(1) },
      ] as Record<string, string>[]) {
        const answer = await call(t, def.method, pathOf(def), { ...common, headers });
        expect(answer.status, name).toBe(401);
        expect(answer.body).toMatchObject({ code: 'unauthorized' });
      }
    },
  );

  it.each(CALL_LIST.filter(([, def]) => def.auth === 'bearer' && def.backend === 'ecommerce'))(
    '%s: needs a bearer token',
    async (name, def) => {
      const answer = await call(t, def.method, pathOf(def), {
        body: def.method === 'GET' ? undefined : {},
      });
      expect(answer.status, name).toBe(401);
      expectClientError(answer, name);
    },
  );

  it('answers the saved-card calls: no cards yet, a number the processor does not know is refused', async () => {
    expect((await call(t, 'GET', '/api/payments/cards', { token })).body).toEqual({ data: [] });
    const create = await call(t, 'POST', '/api/payments/card/create', {
      token,
      body: { card_number: '8600123412341239', expiry: '12/29', phone: '+998901112233' },
    });
    expect(create.status).toBe(422);
    expect(create.body).toMatchObject({ code: 'card_invalid' });
    expect((await call(t, 'GET', '/api/payments/cards', { token })).body).toEqual({ data: [] });
  });

  it('logout ignores a body it does not need', async () => {
    const own = await signIn(t);
    const answer = await call(t, 'POST', '/api/auth/logout', {
      token: own.token,
      rawBody: '{"x": ',
      headers: { 'content-type': 'application/json' },
    });
    expectClientError(answer, 'logout with malformed JSON');
    expect(
      (await call(t, 'POST', '/api/auth/logout', { token: own.token, body: { any: 'thing' } }))
        .status,
    ).toBe(200);
  });

  it('never puts the API key in an answer or a log line', async () => {
    const own = await signIn(t);
    const answers: Answer[] = [];
    for (const [, def] of CALL_LIST) {
      answers.push(
        await call(t, def.method, pathOf(def), {
          headers: headersFor(def, {}, own.token),
          body: def.method === 'GET' ? undefined : {},
        }),
      );
      answers.push(
        await call(t, def.method, pathOf(def), { headers: { 'x-api-key': `${t.apiKey}-wrong` } }),
      );
    }
    answers.push(await call(t, 'GET', '/nope', { headers: { 'x-api-key': t.apiKey } }));
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(t.logs.length).toBeGreaterThan(answers.length);
    for (const answer of answers) {
      expect(answer.text).not.toContain(t.apiKey);
      expect(JSON.stringify(answer.headers)).not.toContain(t.apiKey);
    }
    for (const line of t.logs) expect(line).not.toContain(t.apiKey);
    for (const line of t.logs) expect(line).not.toContain(own.token);
  });
});

describe('internal errors', () => {
  it('answer 500 with a generic body and log the cause', async () => {
    // A database without the schema: every query fails the way a broken deployment would.
    const database = await openDatabase({});
    const logs: string[] = [];
    const app = buildBackend({
      db: database.db,
      catalogApiKey: 'k'.repeat(32),
      sms: { send: () => Promise.resolve() },
      // Never called here: nothing answers on the discard port.
      payments: createPaymeProcessor({ url: 'http://127.0.0.1:9/api', merchantId: 'm', key: 'k' }),
      logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/store/stores' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
      expect(answer.body).not.toMatch(/stores|relation|select/i);
      expect(logs.join('\n')).toMatch(/stores/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

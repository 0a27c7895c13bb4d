// The bad-input rule, swept over every call of the contract straight at the backend: for each
// entry of CALLS, a request that is good in every part but one (a real API key, a real bearer
// token from the sign-in flow, a body, query and path that pass the call's schemas) gets that one
// part broken — by hand-picked values and by fast-check — and must get the right 4xx in the one
// error shape, never a 5xx or a hang. Afterwards the data that matters is exactly as before, and
// the same good requests are still answered. The requests and bad values are shared with the
// relay's sweep (@shop/shared/testing); what the backend answers to each is set out here.
import { CALLS, CATALOG_PREFIX, HEADERS, type CallDef, type CallId } from '@shop/shared';
import * as sweep from '@shop/shared/testing';
import type {
  Answer,
  BadCase,
  Good,
  Probe,
  Refusal,
  SampleProduct,
  SweepSession,
} from '@shop/shared/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  authTokens,
  carts,
  idempotencyKeys,
  orderItems,
  orderStatusHistory,
  orders,
  otpChallenges,
  paymentAttempts,
  paymentCards,
  users,
  variants,
} from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { freshPhone, signIn } from '../testing/http-client';
import { createTestBackend, type TestBackend } from '../testing/test-backend';

// ---- What the backend answers to a broken part -----------------------------------------------

const UNAUTHORIZED: Refusal = { status: 401, codes: ['unauthorized'] };
const NOT_FOUND: Refusal = { status: 404, codes: ['not_found'] };
const BAD_JSON: Refusal = { status: 400, codes: ['bad_request'] };
const UNSUPPORTED: Refusal = { status: 415, codes: ['unsupported_media_type'] };
const URL_TOO_LONG: Refusal = { status: 414, codes: ['bad_request'] };

function validation(fields: readonly string[]): Refusal {
  return { status: 400, codes: ['validation_error'], fields };
}

/** Whether `__proto__` or `constructor` is an own key anywhere in a parsed JSON value. */
function hasPoisonKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__') || Object.hasOwn(node, 'constructor')) return true;
    for (const child of Object.values(node as Record<string, unknown>)) stack.push(child);
  }
  return false;
}

/**
 * The fields the backend must name for `value`, as the contract's own schema sees it (a
 * whole-part problem is named after the part), or null when the value is good after all.
 */
function expectedFields(schema: z.ZodMiniType, value: unknown, part: string): string[] | null {
  const judgement = sweep.judge(schema, value);
  if (judgement === 'accepted') return null;
  if (judgement === 'ill-formed') return [];
  return judgement.map((field) => (field === '(root)' ? part : field));
}

/** The backend checks bearer tokens itself on ecommerce calls; customer-scoped catalogue calls
 * are the relay's to guard (it asks the ecommerce backend who the caller is). */
function checksBearer(def: CallDef): boolean {
  return def.auth === 'bearer' && def.backend === 'ecommerce';
}

function apiKeyCases(good: Good, apiKey: string): BadCase[] {
  if (!sweep.needsApiKey(good.def)) return [];
  const values: (string | null)[] = [
    null,
    '',
    'wrong',
    `${apiKey}x`,
    apiKey.slice(1),
    apiKey.toUpperCase() === apiKey ? `${apiKey}A` : apiKey.toUpperCase(),
    `${apiKey},${apiKey}`,
    'k'.repeat(10_000),
  ];
  return values.map((value) => {
    const probe = sweep.goodProbe(good, `x-api-key ${String(value).slice(0, 12)}`);
    probe.headers =
      value === null
        ? sweep.withoutHeader(probe.headers, HEADERS.apiKey)
        : { ...probe.headers, [HEADERS.apiKey]: value };
    return { probe, refusal: UNAUTHORIZED };
  });
}

/** The answer a bad path segment deserves, from what the router and the schema make of it. */
function paramRefusal(good: Good, name: string, raw: string): Refusal | null {
  const decoded = sweep.decodeOrNull(raw);
  if (decoded === null) return { status: 400, codes: ['bad_request'] };
  // '.' and '..' are resolved away before routing; an empty last segment is a trailing slash.
  const last = good.def.path.endsWith(`:${name}`);
  if (decoded === '.' || decoded === '..' || (raw === '' && last)) return NOT_FOUND;
  if (decoded.length > 300) return URL_TOO_LONG;
  const schema = good.def.params;
  if (schema === undefined) return null;
  const fields = expectedFields(schema, { ...good.params, [name]: decoded }, 'params');
  return fields === null ? null : validation(fields.length > 0 ? fields : [name]);
}

function queryRefusal(good: Good, pairs: readonly (readonly [string, string])[]): Refusal | null {
  const schema = good.def.query;
  if (schema === undefined) return null;
  const fields = expectedFields(schema, sweep.parsedQuery(pairs), 'query');
  return fields === null ? null : validation(fields);
}

/** A query string the parser has to give up on parts of: 400, though no field can be named. */
function brokenQueryRefusal(good: Good, pairs: [string, string][]): Refusal | null {
  const refusal = queryRefusal(good, pairs);
  return refusal && { ...refusal, fields: [] };
}

/** A body case from the exact text sent: the expectation comes from what the server parses. */
function bodyCase(good: Good, label: string, payload: string, contentType?: string): BadCase[] {
  if (!sweep.isJsonBody(good.def)) return [];
  const probe = sweep.bodyProbe(good, label, payload, contentType);
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return [{ probe, refusal: BAD_JSON }];
  }
  // Fastify refuses prototype-poisoning keys while parsing (bad_request); a harmless
  // `constructor` key is left to the schema (validation_error). Both are a 400.
  if (hasPoisonKey(value)) {
    return [{ probe, refusal: { status: 400, codes: ['bad_request', 'validation_error'] } }];
  }
  const fields = expectedFields(good.def.body, value, 'body');
  return fields === null ? [] : [{ probe, refusal: validation(fields) }];
}

function bodyCases(good: Good): BadCase[] {
  const { def } = good;
  if (def.method === 'GET') return []; // GET bodies are never read
  const cases: BadCase[] = [];
  if (def.body !== 'multipart') {
    cases.push(...sweep.malformedJsonCases(good, BAD_JSON));
    cases.push({ probe: sweep.bodyProbe(good, 'empty JSON body', ''), refusal: BAD_JSON });
    for (const type of [...sweep.NOT_JSON_TYPES, 'multipart/form-data; boundary=zz']) {
      const probe = sweep.bodyProbe(good, `content-type ${type}`, 'phone=1', type);
      cases.push({ probe, refusal: UNSUPPORTED });
    }
    const noType = sweep.bodyProbe(good, 'body without content-type', '{"phone": ', null);
    cases.push({ probe: noType, refusal: UNSUPPORTED });
  }
  if (!sweep.isJsonBody(def)) return cases;

  cases.push(...bodyCase(good, 'text/plain body', JSON.stringify(good.body), 'text/plain'));
  for (const { label, payload } of sweep.jsonBodyTexts(good)) {
    cases.push(...bodyCase(good, label, payload));
  }
  cases.push({
    probe: sweep.bodyProbe(good, 'body over the limit', `{"a":"${'x'.repeat(600 * 1024)}"}`),
    refusal: { status: 413, codes: ['payload_too_large'] },
  });
  // No body at all is an empty object to the schema: refused when something is required.
  const noneFields = expectedFields(def.body, {}, 'body');
  if (noneFields !== null) {
    cases.push({
      probe: sweep.bodyProbe(good, 'no body', undefined, null),
      refusal: validation(noneFields),
    });
  }
  return cases;
}

function handPickedCases(good: Good, session: SweepSession, apiKey: string): BadCase[] {
  const { def } = good;
  return [
    ...sweep.headerCases(good, (header) => validation([header])),
    ...(checksBearer(def) ? sweep.authCases(good, session, () => UNAUTHORIZED) : []),
    ...apiKeyCases(good, apiKey),
    ...sweep.paramCases(good, (name, raw) => paramRefusal(good, name, raw)),
    ...(def.query === undefined
      ? []
      : sweep.queryCases(
          good,
          def.query,
          (pairs) => queryRefusal(good, pairs),
          (pairs) => brokenQueryRefusal(good, pairs),
        )),
    ...bodyCases(good),
    ...sweep.otherMethodCases(good, NOT_FOUND),
    // The one call that reads the header; a bad key must be refused before any order is placed.
    ...sweep.idempotencyCases(
      good,
      [...sweep.BAD_IDEMPOTENCY_KEYS, 'ключ-идемпотентности'],
      validation([HEADERS.idempotencyKey]),
    ),
  ];
}

function generatedCases(
  good: Good,
  session: SweepSession,
  apiKey: string,
): fc.Arbitrary<BadCase>[] {
  const { def } = good;
  const arbitraries = sweep.headerArbitraries(good, (header) => validation([header]));
  if (checksBearer(def)) arbitraries.push(sweep.authArbitrary(good, session, () => UNAUTHORIZED));
  if (sweep.needsApiKey(def)) {
    arbitraries.push(
      sweep.asciiText
        .filter((value) => value !== apiKey)
        .map((value) => {
          const probe = sweep.goodProbe(good, `x-api-key ${JSON.stringify(value)}`);
          probe.headers[HEADERS.apiKey] = value;
          return { probe, refusal: UNAUTHORIZED };
        }),
    );
  }
  arbitraries.push(...sweep.paramArbitraries(good, (name, raw) => paramRefusal(good, name, raw)));
  if (def.query !== undefined) {
    arbitraries.push(sweep.queryArbitrary(good, def.query, (pairs) => queryRefusal(good, pairs)));
  }
  arbitraries.push(
    ...sweep.jsonBodyArbitraries(good, (label, payload) => bodyCase(good, label, payload)),
  );
  return arbitraries;
}

// ---- The data that must not change -----------------------------------------------------------

async function snapshot(t: TestBackend): Promise<Record<string, unknown>> {
  const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
  const stock = await t.db.select({ id: variants.id, quantity: variants.quantity }).from(variants);
  return {
    stock: sorted(stock),
    stockTotal: stock.reduce((sum, row) => sum + row.quantity, 0),
    users: sorted(await t.db.select().from(users)),
    orders: sorted(await t.db.select().from(orders)),
    orderItems: sorted(await t.db.select().from(orderItems)),
    orderStatuses: sorted(await t.db.select().from(orderStatusHistory)),
    carts: sorted(await t.db.select().from(carts)),
    tokens: sorted(await t.db.select().from(authTokens)),
    otp: sorted(await t.db.select().from(otpChallenges)),
    idempotency: sorted(await t.db.select().from(idempotencyKeys)),
    smsSent: (await t.outbox()).length,
    cards: sorted(await t.db.select().from(paymentCards)),
    paymentAttempts: sorted(await t.db.select().from(paymentAttempts)),
    // Nothing reached the card processor, let alone charged a card.
    processorCalls: (['cards.create', 'receipts.create', 'receipts.pay'] as const).map((method) =>
      t.sandbox.calls(method),
    ),
    charges: t.sandbox.charges().length,
  };
}

// ---- The sweep -------------------------------------------------------------------------------

const mug = FIXTURES.colourVariantProduct;
const SAMPLE_PRODUCT: SampleProduct = {
  variantId: mug.variants[0]?.id ?? 0,
  price: mug.variants[0]?.price ?? 0,
  slug: mug.slug,
  mxik: mug.mxik,
  packageCode: mug.packageCode,
  name: 'Mug',
  searchWord: 'mug',
};

describe('bad input to every call, straight at the backend', () => {
  let t: TestBackend;
  let session: SweepSession;
  let before: Record<string, unknown>;
  let goods: Record<CallId, Good>;
  let swept = 0;

  function send(probe: Probe): Promise<Answer> {
    return sweep.sendProbe(t.app, probe);
  }

  function implemented(def: CallDef): boolean {
    return t.app.hasRoute({ method: def.method, url: def.path });
  }

  async function check(good: Good, bad: BadCase): Promise<void> {
    // A call the backend does not serve yet is an unknown route, whatever is wrong with it.
    const refusal = implemented(good.def) || bad.refusal.status === 414 ? bad.refusal : NOT_FOUND;
    sweep.expectRefusal(await send(bad.probe), refusal, bad.probe.label);
    swept += 1;
  }

  beforeAll(async () => {
    t = await createTestBackend({ kind: 'pglite' });
    const me = await signIn(t);
    const other = await signIn(t);
    const logout = await t.app.inject({
      method: 'POST',
      url: CALLS.logout.path,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(logout.statusCode).toBe(200);
    const storeId = FIXTURES.storeIds[0] ?? 1;
    const order = await t.app.inject({
      method: 'POST',
      url: CALLS.createOrder.path,
      headers: { authorization: `Bearer ${me.token}` },
      payload: {
        items: [{ product_id: SAMPLE_PRODUCT.variantId, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: storeId,
        name: 'Sweep',
        surname: 'Tester',
        phone: me.phone,
        payment_type: 'on_receipt',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const placed = order.json<{ data: { id: number; number: string } }>().data;
    const blogs = await t.app.inject({ method: 'GET', url: CALLS.blogs.path });
    expect(blogs.statusCode, blogs.body).toBe(200);
    const blogSlug = blogs.json<{ data: { slug: string }[] }>().data[0]?.slug ?? '';
    session = {
      token: me.token,
      userId: me.userId,
      phone: me.phone,
      orderId: placed.id,
      orderNumber: placed.number,
      revokedToken: other.token,
      storeId,
      product: SAMPLE_PRODUCT,
      blogSlug,
    };
    goods = sweep.goodRequests(session, { freshPhone, apiKey: t.apiKey });
    before = await snapshot(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('starts from requests the contract accepts, so the broken part is the only thing wrong', () => {
    for (const [id] of sweep.CALL_LIST) sweep.expectContractAccepts(goods[id]);
  });

  it.each(sweep.CALL_LIST)('%s: hand-picked bad inputs get the right 4xx', async (id) => {
    const good = goods[id];
    const cases = handPickedCases(good, session, t.apiKey);
    expect(cases.length).toBeGreaterThan(5);
    // The field-specific values are in the sweep too, e.g. a yes/no flag sent as a word.
    for (const [field, values] of Object.entries(sweep.FIELD_BAD_VALUES[id] ?? {})) {
      for (const value of values) {
        const label = `${id} ${field}=${JSON.stringify(value)}`;
        const found = cases.find((bad) => bad.probe.label === label);
        expect(found?.refusal, label).toMatchObject({ status: 400, fields: [field] });
      }
    }
    for (const bad of cases) await check(good, bad);
  });

  it.each(sweep.CALL_LIST)('%s: generated bad inputs get the right 4xx', async (id) => {
    const good = goods[id];
    await fc.assert(
      fc.asyncProperty(fc.oneof(...generatedCases(good, session, t.apiKey)), async (bad) => {
        await check(good, bad);
      }),
      { numRuns: sweep.RUNS_PER_CALL },
    );
  });

  it('answers unknown paths under every prefix with 404 JSON', async () => {
    const segment = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 16 })
      .map((value) => encodeURIComponent(value))
      .filter((value) => value !== '.' && value !== '..');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/zz-', `${CATALOG_PREFIX}/zz-`, '/zz-', '/api/auth/zz-'),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        async (prefix, segments, method) => {
          const url = `${prefix}${segments.join('/')}`;
          const answer = await send({
            label: `${method} ${url}`,
            method,
            url,
            headers: { [HEADERS.apiKey]: t.apiKey },
          });
          sweep.expectRefusal(answer, NOT_FOUND, `${method} ${url}`);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('changed nothing that matters: stock, orders, users, carts, tokens, codes, SMS, cards, charges', async () => {
    expect(swept).toBeGreaterThan(1_000);
    expect(await snapshot(t)).toEqual(before);
  });

  it('still answers every good request afterwards', async () => {
    // Each good request once, the state-changing ones included: this also proves the samples the
    // sweep broke were good. Some are refused by a business rule, not by validation; logout goes
    // last, as it ends the session.
    for (const [id, def] of sweep.CALLS_LOGOUT_LAST) {
      if (!implemented(def)) continue;
      const answer = await send(sweep.goodProbe(goods[id], 'good request'));
      sweep.expectAnswered(answer, goods[id], sweep.BUSINESS_REFUSALS[id]);
    }
    const after = await snapshot(t);
    expect(after.stockTotal).toBe(Number(before.stockTotal) - 1);
  });
});

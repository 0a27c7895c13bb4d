// The bad-input rule through the real relay in front of the real embedded backend: every entry of
// CALLS gets requests that are good in every part but one (a real bearer token from the sign-in
// flow, a body, query and path that pass the call's schemas), broken by hand-picked values and by
// fast-check. Each must get the right 4xx in the one error shape, never a 5xx or a hang, and what
// the relay can tell is wrong from the contract must never reach the backend. Unknown paths under
// /api and /backend are 404 JSON; random app paths never get a 5xx from the page side. Afterwards
// the shop's data is as it was (read through the API) and good requests are still answered.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { startEmbeddedBackend } from '@shop/backend';
import {
  ApiErrorSchema,
  CALLS,
  CATALOG_PREFIX,
  HEADERS,
  fieldErrors,
  matchRoute,
  stripLanguagePrefix,
  type CallDef,
  type CallId,
  type ErrorCode,
} from '@shop/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildServer } from '../server';
import { captureLogs } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { startRecordingProxy, type StandIn } from '../testing/upstream-stand-ins';

const CALL_LIST = Object.entries(CALLS) as [CallId, CallDef][];
const RUNS_PER_CALL = Number(process.env.SWEEP_RUNS ?? 25);
const ANSWER_DEADLINE_MS = 5_000;
const HUGE = 'x'.repeat(10_000);
/** What the relay itself checks a bearer header against (bot/README: relay rules). */
const BEARER_SHAPE = /^Bearer [A-Za-z0-9._~+/=-]{1,512}$/;
const JSON_BODY_LIMIT = 64 * 1024;

// ---- Requests, answers and what a refusal must look like -------------------------------------

interface Probe {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  contentType: string;
  body: unknown;
  text: string;
  /** Requests the backend saw while this one was answered. */
  reached: number;
}

interface Refusal {
  status: number;
  codes: readonly ErrorCode[];
  fields?: readonly string[];
  /** Whether the request may reach a backend: only when the relay cannot tell it is wrong. */
  mayReach: boolean;
}

interface BadCase {
  probe: Probe;
  refusal: Refusal;
}

async function withDeadline<T>(work: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${label}: no answer within ${ANSWER_DEADLINE_MS} ms`));
    }, ANSWER_DEADLINE_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function fieldsOf(body: unknown): string[] {
  const parsed = ApiErrorSchema.safeParse(body);
  return parsed.success ? (parsed.data.details ?? []).map((detail) => detail.field) : [];
}

function expectErrorBody(answer: Answer, shown: string): z.infer<typeof ApiErrorSchema> | null {
  expect(answer.contentType, shown).toMatch(/^application\/json/);
  const error = ApiErrorSchema.safeParse(answer.body);
  expect(error.success, shown).toBe(true);
  return error.success ? error.data : null;
}

function expectRefused(answer: Answer, refusal: Refusal, label: string): void {
  const shown = `${label} → ${answer.status} (${answer.reached} reached the backend) ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  expect(answer.status, shown).toBe(refusal.status);
  const error = expectErrorBody(answer, shown);
  if (error === null) return;
  expect(refusal.codes, shown).toContain(error.code);
  expect(error.message.length, shown).toBeGreaterThan(0);
  if (error.code === 'validation_error') {
    const details = error.details ?? [];
    expect(details.length, shown).toBeGreaterThan(0);
    for (const detail of details) {
      expect(detail.field.length, shown).toBeGreaterThan(0);
      expect(detail.message.length, shown).toBeGreaterThan(0);
    }
  }
  for (const field of refusal.fields ?? []) expect(fieldsOf(answer.body), shown).toContain(field);
  if (!refusal.mayReach) expect(answer.reached, shown).toBe(0);
}

function refused(
  status: number,
  codes: readonly ErrorCode[],
  mayReach = false,
  fields?: readonly string[],
): Refusal {
  return { status, codes, mayReach, ...(fields ? { fields } : {}) };
}

const NOT_FOUND = refused(404, ['not_found']);
const BAD_JSON = refused(400, ['bad_request']);
const UNSUPPORTED = refused(415, ['unsupported_media_type']);
/** A path that does not percent-decode: the router refuses it before any route runs. */
const MALFORMED_URL = refused(400, ['bad_request']);

function validation(fields: readonly string[], mayReach = false): Refusal {
  return refused(400, ['validation_error'], mayReach, fields);
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
}

function hasNul(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes('\\u0000');
}

/**
 * What the relay makes of `value` for one part of a call: null when the contract accepts it;
 * otherwise the fields the relay names (it refuses before any backend sees it). A value the
 * contract accepts but PostgreSQL cannot store (a NUL character) is the backend's to refuse.
 */
function partRefusal(schema: z.ZodType, value: unknown): Refusal | null {
  const result = schema.safeParse(value);
  if (result.success) return hasNul(value) ? validation([], true) : null;
  return validation(fieldErrors(result.error).map((error) => error.field));
}

function keysOf(schema: z.ZodType | 'multipart' | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function parsedQuery(pairs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of pairs) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

function queryText(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

function decodeOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The URL as the server sees it: '..' and '.' resolved, as any client (and inject) does. */
function locate(url: string): URL {
  return new URL(url.startsWith('//') ? `http://shop.local${url}` : url, 'http://shop.local');
}

function pathnameOf(url: string): string {
  return locate(url).pathname;
}

/**
 * Whether the static file server refuses a path (403) before the app's pages are considered:
 * always when it is not in canonical form once decoded ('//', a backslash) or holds a NUL; it may
 * when a segment is longer than a file name can be (255 bytes), if it gets to ask the disk.
 */
function fileServerRefuses(pathname: string): 'always' | 'maybe' | 'never' {
  // The router decodes the path as decodeURI does: reserved characters ('%2F') stay encoded.
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return 'never';
  }
  if (
    decoded.includes('\\') ||
    decoded.includes('\u0000') ||
    posix.normalize(decoded) !== decoded
  ) {
    return 'always';
  }
  return decoded.split('/').some((segment) => Buffer.byteLength(segment) > 255) ? 'maybe' : 'never';
}

type RouteModel =
  | { kind: 'call'; id: CallId; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

/**
 * The relay's routing rule as bot/README states it: only the paths of CALLS, one trailing slash
 * ignored, a parameter is one non-empty, decodable segment; a known path with another method is
 * a 405.
 */
function routeOf(method: string, pathname: string): RouteModel {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/');
  const allow: string[] = [];
  for (const [id, def] of CALL_LIST) {
    const pattern = def.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, index) => {
      const actual = segments[index] ?? '';
      if (!part.startsWith(':')) return part === actual;
      const decoded = decodeOrNull(actual);
      if (decoded === null || decoded === '') return false;
      params[part.slice(1)] = decoded;
      return true;
    });
    if (!fits) continue;
    if (def.method === method) return { kind: 'call', id, params };
    if (!allow.includes(def.method)) allow.push(def.method);
  }
  return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
}

// ---- Good requests, one per call -------------------------------------------------------------

interface Good {
  id: CallId;
  def: CallDef;
  params: Record<string, string>;
  query: [string, string][];
  body: unknown;
  headers: Record<string, string>;
}

interface Session {
  token: string;
  userId: number;
  phone: string;
  orderId: number;
  orderNumber: string;
  revokedToken: string;
  storeId: number;
  variantId: number;
  variantPrice: number;
  slug: string;
  mxik: string;
  packageCode: string;
}

const GOOD_QUERIES: Partial<Record<CallId, [string, string][]>> = {
  search: [['q', 'pan']],
  product: [['resources[]', 'relateds']],
  customerOrders: [
    ['page', '1'],
    ['per_page', '5'],
  ],
  customerOrderDetails: [['resources[]', 'statuses']],
};

let phoneCounter = 0;
function freshPhone(): string {
  phoneCounter += 1;
  return `+99891${String(1_000_000 + phoneCounter)}`;
}

function goodBodies(session: Session): Partial<Record<CallId, unknown>> {
  return {
    sendOtp: { phone: freshPhone(), user_type: 'individual' },
    verifyOtp: { phone: session.phone, otp: '00000' },
    updateProfile: { name: 'Sweep', surname: 'Tester', email: 'sweep@example.com' },
    createOrder: {
      items: [{ product_id: session.variantId, quantity: 1 }],
      delivery_type: 'pickup',
      store_id: session.storeId,
      name: 'Sweep',
      surname: 'Tester',
      phone: session.phone,
      payment_type: 'on_receipt',
      comment: 'Bad-input sweep',
    },
    createCard: { card_number: '8600069195406311', expiry: '12/29' },
    confirmCard: { card_token: 'card-token-0001', code: '123456' },
    saveCart: {
      cart_data: [
        {
          product_id: session.variantId,
          name: 'Pan',
          img_url: null,
          quantity: 2,
          attributes: [],
          price: session.variantPrice,
          slug: session.slug,
          mxit: session.mxik,
          mxit_unit: session.packageCode,
        },
      ],
    },
    products: { sort: 'price_asc', per_page: 5, in_stock: true },
  };
}

function goodRequest(id: CallId, def: CallDef, session: Session): Good {
  const allParams: Record<string, string> = {
    tid: session.orderNumber,
    slug: session.slug,
    customerId: String(session.userId),
    orderId: String(session.orderId),
  };
  const params: Record<string, string> = {};
  for (const [, name] of def.path.matchAll(/:([A-Za-z]+)/g)) {
    if (name === undefined) continue;
    const value = allParams[name];
    if (value === undefined) throw new Error(`${id}: add a good value for path parameter ${name}`);
    params[name] = value;
  }
  const headers: Record<string, string> = { [HEADERS.language]: 'en' };
  if (def.auth === 'bearer') headers.authorization = `Bearer ${session.token}`;
  if (def.body === 'multipart') headers['content-type'] = 'multipart/form-data; boundary=sweep';
  else if (def.body !== undefined) headers['content-type'] = 'application/json';
  const body = def.body === undefined ? undefined : (goodBodies(session)[id] ?? {});
  return { id, def, params, query: GOOD_QUERIES[id] ?? [], body, headers };
}

function urlWith(good: Good, segments: Record<string, string>, query = queryText(good.query)) {
  const path = good.def.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    return segments[name] ?? encodeURIComponent(good.params[name] ?? '');
  });
  return `${path}${query}`;
}

function goodProbe(good: Good, label: string): Probe {
  const payload =
    good.def.body === 'multipart'
      ? '--sweep--\r\n'
      : good.body === undefined
        ? undefined
        : JSON.stringify(good.body);
  return {
    label: `${good.id} ${label}`,
    method: good.def.method,
    url: urlWith(good, {}),
    headers: { ...good.headers },
    ...(payload === undefined ? {} : { payload }),
  };
}

function isJsonBody(def: CallDef): def is CallDef & { body: z.ZodType } {
  return def.body !== undefined && def.body !== 'multipart';
}

const NO_QUERY = z.object({}).strict();
function querySchema(def: CallDef): z.ZodType {
  return def.query ?? NO_QUERY;
}

// ---- The hand-picked bad inputs --------------------------------------------------------------

const BAD_LANGUAGES = ['xx', 'UZ', 'uz,ru', 'de-DE', `uz${HUGE}`];
const BAD_ACCOUNT_TYPES = ['robot', 'LEGAL', 'individual,legal', 'undefined', HUGE];
const WRONG_FIELD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  1e21,
  '',
  ' ',
  'x',
  HUGE,
  'a\u0000b',
  'NaN',
  '-1',
  [],
  [1, 'x'],
  {},
  { nested: { deeper: [null] } },
];
const RAW_NUMBERS = ['1e309', '-1e309', '-0', '1E400'];
const PARAM_VALUES = [
  'Not_A_Slug',
  'UPPER',
  'a b',
  '-1',
  '0',
  '1.5',
  '01',
  'abc',
  'x'.repeat(200),
  'x'.repeat(500),
  'café',
  '😀',
  'a/b',
  'a\u0000b',
  "' OR 1=1 --",
  '<script>',
  '%zz',
];

/** Header values only the backend checks (the relay forwards x-lang and x-account-type). */
function headerCases(good: Good): BadCase[] {
  const cases: BadCase[] = [];
  for (const [name, values] of [
    [HEADERS.language, BAD_LANGUAGES],
    [HEADERS.accountType, BAD_ACCOUNT_TYPES],
  ] as const) {
    for (const value of values) {
      const probe = goodProbe(good, `${name} ${value.slice(0, 20)}`);
      probe.headers = { ...probe.headers, [name]: value };
      cases.push({ probe, refusal: validation([name], true) });
    }
  }
  return cases;
}

function authCases(good: Good, session: Session): BadCase[] {
  if (good.def.auth !== 'bearer') return [];
  const values: (string | null)[] = [
    null,
    'Bearer garbage',
    `Bearer ${'A'.repeat(43)}`,
    `Bearer ${session.token}x`,
    `Bearer ${session.revokedToken}`,
    'Basic abc',
    `Basic ${Buffer.from('user:pass').toString('base64')}`,
    'Bearer',
    'Bearer ',
    session.token,
    `Token ${session.token}`,
    `Bearer ${'a'.repeat(10_000)}`,
    `Bearer ${session.token}, Bearer ${session.token}`,
  ];
  return values.map((value) => {
    const probe = goodProbe(good, `authorization ${String(value).slice(0, 24)}`);
    probe.headers =
      value === null
        ? withoutHeader(probe.headers, 'authorization')
        : { ...probe.headers, authorization: value };
    // A header of the right shape needs the backend to tell that the token is no good.
    const shaped = value !== null && BEARER_SHAPE.test(value);
    return { probe, refusal: refused(401, ['unauthorized'], shaped) };
  });
}

/** The answer a path with one raw segment swapped in deserves, from the relay's rules. */
function pathRefusal(good: Good, url: string): Refusal | null {
  const pathname = pathnameOf(url);
  if (decodeOrNull(pathname) === null) return MALFORMED_URL;
  const route = routeOf(good.def.method, pathname);
  if (route.kind === 'none') return NOT_FOUND;
  if (route.kind === 'wrong-method') return refused(405, ['method_not_allowed']);
  if (route.id !== good.id || good.def.params === undefined) return NOT_FOUND;
  return partRefusal(good.def.params, route.params);
}

function paramCases(good: Good): BadCase[] {
  const cases: BadCase[] = [];
  for (const name of Object.keys(good.params)) {
    const raws = [
      ...PARAM_VALUES.map((value) => encodeURIComponent(value)),
      '%zz',
      '%E0%A4%A',
      '..',
      '%2e%2e',
      '.',
      '',
      'a'.repeat(500),
    ];
    for (const raw of raws) {
      const url = urlWith(good, { [name]: raw });
      const refusal = pathRefusal(good, url);
      if (refusal === null) continue;
      cases.push({
        probe: { ...goodProbe(good, `param ${name}=${raw.slice(0, 24)}`), url },
        refusal,
      });
    }
  }
  return cases;
}

function queryRefusal(good: Good, pairs: readonly (readonly [string, string])[]): Refusal | null {
  return partRefusal(querySchema(good.def), parsedQuery(pairs));
}

function queryCases(good: Good): BadCase[] {
  const keys = keysOf(querySchema(good.def));
  const variants: [string, string][][] = [
    [...good.query, ['unexpected', '1']],
    [...good.query, ['__proto__', 'x']],
    [...good.query, ['constructor', 'x']],
    [...good.query, [HUGE, 'x']],
    [...good.query, ['debug', HUGE]],
    [
      ...good.query,
      ...Array.from({ length: 200 }, (_, index): [string, string] => ['p', `${index}`]),
    ],
  ];
  for (const key of keys) {
    for (const value of ['', ' ', '-1', '0', '1.5', 'NaN', 'Infinity', '1e400', 'abc', HUGE]) {
      variants.push([...good.query.filter(([k]) => k !== key), [key, value]]);
    }
    variants.push([...good.query, [key, good.query.find(([k]) => k === key)?.[1] ?? '1']]);
    variants.push([...good.query.filter(([k]) => k !== key), [`${key}[]`, '1']]);
    variants.push([...good.query.filter(([k]) => k !== key), [key, 'a\u0000b']]);
  }
  const cases: BadCase[] = [];
  for (const pairs of variants) {
    const refusal = queryRefusal(good, pairs);
    if (refusal === null) continue;
    const probe = goodProbe(good, `query ${queryText(pairs).slice(0, 40)}`);
    probe.url = urlWith(good, {}, queryText(pairs));
    cases.push({ probe, refusal });
  }
  const broken = goodProbe(good, 'query with broken percent-encoding');
  broken.url = `${urlWith(good, {})}${good.query.length > 0 ? '&' : '?'}%zz=%E0%A4%A&&=&unexpected`;
  cases.push({ probe: broken, refusal: validation([]) });
  return cases;
}

/** A JSON body case from the exact text sent: the relay parses it with JSON.parse. */
function bodyCase(good: Good, label: string, payload: string, contentType?: string): BadCase[] {
  if (!isJsonBody(good.def)) return [];
  const probe = goodProbe(good, label);
  probe.payload = payload;
  if (contentType !== undefined) probe.headers = { ...probe.headers, 'content-type': contentType };
  let value: unknown;
  if (payload.trim() === '') value = undefined;
  else {
    try {
      value = JSON.parse(payload);
    } catch {
      return [{ probe, refusal: BAD_JSON }];
    }
  }
  const refusal = partRefusal(good.def.body, value);
  return refusal === null ? [] : [{ probe, refusal }];
}

function withField(good: Good, key: string, value: unknown): string {
  const base = typeof good.body === 'object' && good.body !== null ? good.body : {};
  return JSON.stringify({ ...base, [key]: value });
}

function bodyCases(good: Good): BadCase[] {
  const { def } = good;
  if (def.method === 'GET') return [];
  const json: Probe = {
    ...goodProbe(good, 'malformed JSON'),
    headers: { ...good.headers, 'content-type': 'application/json' },
  };
  const cases: BadCase[] = [];
  if (def.body !== 'multipart') {
    for (const payload of [
      '{"phone": ',
      '{',
      '{"a":1,}',
      "{'a':1}",
      'undefined',
      'NaN',
      '{"a":1}x',
    ]) {
      cases.push({
        probe: { ...json, label: `${good.id} malformed ${payload}`, payload },
        refusal: BAD_JSON,
      });
    }
    // Content types no parser takes: refused before any schema or backend. (A call without a
    // body, such as logout, would accept text/plain or multipart as "no body": not bad input.)
    for (const type of ['application/x-www-form-urlencoded', 'application/xml', 'image/png']) {
      cases.push({
        probe: {
          ...json,
          label: `${good.id} content-type ${type}`,
          payload: 'phone=1',
          headers: { ...json.headers, 'content-type': type },
        },
        refusal: UNSUPPORTED,
      });
    }
  } else {
    // An upload must be multipart.
    cases.push({
      probe: { ...json, label: `${good.id} JSON instead of multipart`, payload: '{}' },
      refusal: UNSUPPORTED,
    });
    cases.push({
      probe: {
        ...goodProbe(good, 'upload over 5 MiB'),
        headers: { ...good.headers, 'content-length': String(6 * 1024 * 1024) },
      },
      refusal: refused(413, ['payload_too_large']),
    });
  }
  if (!isJsonBody(def)) return cases;

  const goodText = JSON.stringify(good.body);
  for (const type of [
    'text/plain',
    'multipart/form-data; boundary=zz',
    'application/x-www-form-urlencoded',
  ]) {
    cases.push({
      probe: {
        ...json,
        label: `${good.id} good JSON as ${type}`,
        payload: goodText,
        headers: { ...json.headers, 'content-type': type },
      },
      refusal: UNSUPPORTED,
    });
  }
  cases.push({
    probe: {
      ...json,
      label: `${good.id} body without content-type`,
      payload: goodText,
      headers: withoutHeader(json.headers, 'content-type'),
    },
    refusal: UNSUPPORTED,
  });
  cases.push({
    probe: {
      label: `${good.id} no body at all`,
      method: def.method,
      url: json.url,
      headers: withoutHeader(json.headers, 'content-type'),
    },
    refusal: UNSUPPORTED,
  });
  cases.push(...bodyCase(good, 'empty JSON body', ''));
  for (const payload of ['[]', '"text"', '42', 'null', 'true', '[{}]', `[${goodText}]`]) {
    cases.push(...bodyCase(good, `body ${payload.slice(0, 20)}`, payload));
  }
  const deep = 5_000;
  cases.push(...bodyCase(good, 'deeply nested array', `${'['.repeat(deep)}${']'.repeat(deep)}`));
  cases.push(
    ...bodyCase(good, 'deeply nested object', `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`),
  );
  cases.push({
    probe: {
      ...json,
      label: `${good.id} body over the limit`,
      payload: `{"a":"${'x'.repeat(JSON_BODY_LIMIT)}"}`,
    },
    refusal: refused(413, ['payload_too_large']),
  });
  cases.push(
    ...bodyCase(good, '__proto__', goodText.replace(/^\{/, '{"__proto__":{"admin":true},')),
  );
  cases.push(
    ...bodyCase(
      good,
      'constructor.prototype',
      goodText.replace(/^\{/, '{"constructor":{"prototype":{"admin":true}},'),
    ),
  );
  cases.push(...bodyCase(good, 'unknown field', withField(good, 'unexpected_field', 1)));
  cases.push(...bodyCase(good, 'huge unknown field', withField(good, HUGE, HUGE)));

  const keys = [...new Set([...keysOf(def.body), ...Object.keys(good.body ?? {})])];
  for (const key of keys) {
    for (const value of WRONG_FIELD_VALUES) {
      cases.push(
        ...bodyCase(
          good,
          `${key}=${JSON.stringify(value).slice(0, 20)}`,
          withField(good, key, value),
        ),
      );
    }
    for (const raw of RAW_NUMBERS) {
      cases.push(
        ...bodyCase(
          good,
          `${key}=${raw}`,
          withField(good, key, '__RAW__').replace('"__RAW__"', raw),
        ),
      );
    }
    cases.push(
      ...bodyCase(
        good,
        `${key} nested deep`,
        withField(good, key, '__RAW__').replace(
          '"__RAW__"',
          `${'['.repeat(deep)}${']'.repeat(deep)}`,
        ),
      ),
    );
    if (typeof good.body === 'object' && good.body !== null && key in good.body) {
      const rest = Object.fromEntries(Object.entries(good.body).filter(([k]) => k !== key));
      cases.push(...bodyCase(good, `missing ${key}`, JSON.stringify(rest)));
    }
  }
  return cases;
}

function methodCases(good: Good): BadCase[] {
  const allow = CALL_LIST.filter(([, other]) => other.path === good.def.path).map(
    ([, other]): string => other.method,
  );
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
    .filter((method) => !allow.includes(method))
    .map((method) => ({
      probe: { ...goodProbe(good, `method ${method}`), method },
      refusal: refused(405, ['method_not_allowed']),
    }));
}

function idempotencyCases(good: Good): BadCase[] {
  if (good.id !== 'createOrder') return [];
  // The relay forwards the header; the backend refuses a bad key before any order is placed.
  return ['short', 'k'.repeat(201), 'has space inside', HUGE].map((value) => {
    const probe = goodProbe(good, `idempotency-key ${value.slice(0, 20)}`);
    probe.headers = { ...probe.headers, [HEADERS.idempotencyKey]: value };
    return { probe, refusal: validation([HEADERS.idempotencyKey], true) };
  });
}

// ---- Generated bad inputs --------------------------------------------------------------------

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
const asciiText = fc.string({ unit: printable, maxLength: 60 });
const oddValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom('', '-1', '0', '1.5', 'NaN', 'Infinity', '1e400', '0x10', HUGE, 'a\u0000b'),
);

function generatedCases(good: Good, session: Session): fc.Arbitrary<BadCase>[] {
  const { def } = good;
  const arbitraries: fc.Arbitrary<BadCase>[] = [];
  for (const [name, valid] of [
    [HEADERS.language, ['', 'uz', 'ru', 'en']],
    [HEADERS.accountType, ['', 'null', 'individual', 'legal']],
  ] as const) {
    arbitraries.push(
      asciiText
        .filter((value) => !(valid as readonly string[]).includes(value.trim()))
        .map((value) => {
          const probe = goodProbe(good, `${name} ${JSON.stringify(value)}`);
          probe.headers = { ...probe.headers, [name]: value };
          return { probe, refusal: validation([name], true) };
        }),
    );
  }
  if (def.auth === 'bearer') {
    arbitraries.push(
      fc
        .tuple(fc.constantFrom('Bearer ', 'Basic ', 'bearer ', ''), asciiText)
        .map(([scheme, value]) => `${scheme}${value}`)
        .filter((value) => value.trim() !== `Bearer ${session.token}`)
        .map((value) => {
          const probe = goodProbe(good, `authorization ${JSON.stringify(value)}`);
          probe.headers = { ...probe.headers, authorization: value };
          return { probe, refusal: refused(401, ['unauthorized'], BEARER_SHAPE.test(value)) };
        }),
    );
  }
  const names = Object.keys(good.params);
  if (names.length > 0) {
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        )
        .map(([name, value]) => {
          const url = urlWith(good, { [name]: encodeURIComponent(value) });
          return {
            url,
            label: `param ${name}=${JSON.stringify(value)}`,
            refusal: pathRefusal(good, url),
          };
        })
        .filter((c): c is { url: string; label: string; refusal: Refusal } => c.refusal !== null)
        .map(({ url, label, refusal }) => ({ probe: { ...goodProbe(good, label), url }, refusal })),
    );
  }
  const queryKeys = fc.constantFrom(
    ...keysOf(querySchema(def)),
    'q',
    'page',
    'unexpected',
    '__proto__',
    'a[]',
  );
  arbitraries.push(
    fc
      .array(fc.tuple(queryKeys, oddValue), { minLength: 1, maxLength: 4 })
      .map((extra) => {
        const pairs = [...good.query, ...extra];
        return { pairs, refusal: queryRefusal(good, pairs) };
      })
      .filter((c): c is { pairs: [string, string][]; refusal: Refusal } => c.refusal !== null)
      .map(({ pairs, refusal }) => {
        const probe = goodProbe(good, `query ${queryText(pairs).slice(0, 80)}`);
        probe.url = urlWith(good, {}, queryText(pairs));
        return { probe, refusal };
      }),
  );
  if (isJsonBody(def)) {
    const keys = [...new Set([...keysOf(def.body), ...Object.keys(good.body ?? {}), 'extra'])];
    const base = typeof good.body === 'object' && good.body !== null ? good.body : {};
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc
        .dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }), {
          minKeys: 1,
          maxKeys: 3,
        })
        .map((changes) => ({ ...base, ...changes })),
      fc.subarray(Object.keys(base), { minLength: 1 }).map((drop) => {
        return Object.fromEntries(Object.entries(base).filter(([key]) => !drop.includes(key)));
      }),
    );
    arbitraries.push(
      bodies
        .map((value) =>
          bodyCase(good, `body ${JSON.stringify(value).slice(0, 80)}`, JSON.stringify(value)),
        )
        .filter((cases): cases is [BadCase] => cases.length === 1)
        .map(([only]) => only),
    );
  }
  return arbitraries;
}

// ---- Setup: the relay in front of the real embedded backend ----------------------------------

let backend: Awaited<ReturnType<typeof startEmbeddedBackend>>;
let proxy: StandIn;
let app: FastifyInstance;
let dataDir: string;
let removeDist: () => Promise<void>;
const logs = captureLogs();

async function send(probe: Probe): Promise<Answer> {
  const seenBefore = proxy.requests.length;
  const response = await withDeadline(
    app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: probe.headers,
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    }),
    probe.label,
  );
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    headers: response.headers,
    contentType: typeof contentType === 'string' ? contentType : '',
    body,
    text: response.body,
    reached: proxy.requests.length - seenBefore,
  };
}

async function outbox(): Promise<{ phone: string; text: string }[]> {
  try {
    const text = await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
    return text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { phone: string; text: string });
  } catch {
    return [];
  }
}

async function json<T>(probe: Probe): Promise<T> {
  const answer = await send(probe);
  expect(answer.status, `${probe.label}: ${answer.text.slice(0, 300)}`).toBeLessThan(300);
  return answer.body as T;
}

async function signIn(phone: string): Promise<{ token: string; id: number }> {
  const headers = { 'content-type': 'application/json' };
  await json({
    label: 'send-otp',
    method: 'POST',
    url: CALLS.sendOtp.path,
    headers,
    payload: JSON.stringify({ phone }),
  });
  const otp = /\b(\d{5})\b/.exec(
    (await outbox()).filter((line) => line.phone === phone).at(-1)?.text ?? '',
  )?.[1];
  if (otp === undefined) throw new Error(`No code in the outbox for ${phone}`);
  const verified = await json<{ access_token: string; user: { id: number } }>({
    label: 'verify-otp',
    method: 'POST',
    url: CALLS.verifyOtp.path,
    headers,
    payload: JSON.stringify({ phone, otp }),
  });
  return { token: verified.access_token, id: verified.user.id };
}

interface ProductPage {
  data: { quantity: number; variants: { product_id: number; quantity: number }[] }[];
  meta: { last_page: number; total: number };
}

/** What must not change, read through the API: stock, the caller's profile, cart and orders. */
async function snapshot(session: Session): Promise<Record<string, unknown>> {
  const stock: string[] = [];
  let total = 0;
  for (let page = 1, last = 1; page <= last; page += 1) {
    const products = await json<ProductPage>({
      label: 'stock',
      method: 'POST',
      url: CALLS.products.path,
      headers: { 'content-type': 'application/json', [HEADERS.accountType]: 'legal' },
      payload: JSON.stringify({ page, per_page: 100 }),
    });
    last = products.meta.last_page;
    for (const product of products.data) {
      total += product.quantity;
      for (const v of product.variants) stock.push(`${v.product_id}:${v.quantity}`);
    }
  }
  const auth = { authorization: `Bearer ${session.token}` };
  return {
    stock: stock.sort(),
    stockTotal: total,
    user: await json({ label: 'user', method: 'GET', url: CALLS.authUser.path, headers: auth }),
    cart: await json({ label: 'cart', method: 'GET', url: CALLS.getCart.path, headers: auth }),
    orders: await json({
      label: 'orders',
      method: 'GET',
      url: `${CATALOG_PREFIX}/customers/${session.userId}/orders?per_page=100`,
      headers: auth,
    }),
    smsSent: (await outbox()).length,
  };
}

// ---- The sweep -------------------------------------------------------------------------------

describe('bad input to every call, through the relay in front of the real backend', () => {
  let session: Session;
  let before: Record<string, unknown>;
  const goods = new Map<CallId, Good>();
  /** Calls the backend answers "no such endpoint" to (not built yet): what reaches it is a 404. */
  const unserved = new Set<CallId>();
  let swept = 0;

  async function check(good: Good, bad: BadCase): Promise<void> {
    const refusal =
      unserved.has(good.id) && bad.refusal.mayReach
        ? { ...NOT_FOUND, mayReach: true }
        : bad.refusal;
    expectRefused(await send(bad.probe), refusal, bad.probe.label);
    swept += 1;
  }

  function goodOf(id: CallId): Good {
    const good = goods.get(id);
    if (!good) throw new Error(`No good request for ${id}`);
    return good;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shop-sweep-'));
    backend = await startEmbeddedBackend({ dataDir, logger: false, printSms: () => undefined });
    proxy = await startRecordingProxy(backend.url);
    const dist = await makeFakeDist();
    removeDist = dist.remove;
    app = await buildServer({
      webappDist: dist.dir,
      upstreams: {
        ecommerceUrl: proxy.url,
        catalogUrl: proxy.url,
        catalogApiKey: backend.catalogApiKey,
      },
      upstreamTimeoutMs: 4_000,
      log: { level: 'warn', stream: logs.stream },
    });

    const me = await signIn('+998901234567');
    const other = await signIn('+998901234568');
    await json({
      label: 'logout',
      method: 'POST',
      url: CALLS.logout.path,
      headers: { authorization: `Bearer ${other.token}` },
    });
    const stores = await json<{ data: { id: number }[] }>({
      label: 'stores',
      method: 'GET',
      url: CALLS.stores.path,
      headers: {},
    });
    const slug = 'granite-frying-pan';
    const product = await json<{
      data: {
        slug: string;
        mxik: string;
        package_code: string;
        variants: { product_id: number; price: number; in_stock: boolean }[];
      };
    }>({
      label: 'product',
      method: 'GET',
      url: `${CATALOG_PREFIX}/resources/product/${slug}`,
      headers: {},
    });
    const variant = product.data.variants.find((v) => v.in_stock);
    if (!variant) throw new Error(`${slug} has no variant in stock`);
    const storeId = stores.data[0]?.id ?? 1;
    const order = await json<{ data: { id: number; number: string } }>({
      label: 'order',
      method: 'POST',
      url: CALLS.createOrder.path,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        items: [{ product_id: variant.product_id, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: storeId,
        name: 'Sweep',
        surname: 'Tester',
        phone: '+998901234567',
        payment_type: 'on_receipt',
      }),
    });
    session = {
      token: me.token,
      userId: me.id,
      phone: '+998901234567',
      orderId: order.data.id,
      orderNumber: order.data.number,
      revokedToken: other.token,
      storeId,
      variantId: variant.product_id,
      variantPrice: variant.price,
      slug,
      mxik: product.data.mxik,
      packageCode: product.data.package_code,
    };
    for (const [id, def] of CALL_LIST) {
      goods.set(id, goodRequest(id, def, session));
      // Asked directly, without credentials or body: only a route the backend lacks is a 404.
      const direct = await fetch(`${backend.url}${urlWith(goodOf(id), {}, '')}`, {
        method: def.method,
      });
      await direct.body?.cancel();
      if (direct.status === 404) unserved.add(id);
    }
    before = await snapshot(session);
  });

  afterAll(async () => {
    await app.close();
    await proxy.close();
    await backend.close();
    await removeDist();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts from requests the contract accepts, so the broken part is the only thing wrong', () => {
    for (const [id, def] of CALL_LIST) {
      const good = goodOf(id);
      if (def.params) expect(def.params.safeParse(good.params).success, id).toBe(true);
      expect(querySchema(def).safeParse(parsedQuery(good.query)).success, id).toBe(true);
      if (isJsonBody(def) && goodBodies(session)[id] !== undefined) {
        expect(def.body.safeParse(good.body).success, id).toBe(true);
      }
    }
  });

  it.each(CALL_LIST)('%s: hand-picked bad inputs get the right 4xx', async (id) => {
    const good = goodOf(id);
    const cases = [
      ...headerCases(good),
      ...authCases(good, session),
      ...paramCases(good),
      ...queryCases(good),
      ...bodyCases(good),
      ...methodCases(good),
      ...idempotencyCases(good),
    ];
    expect(cases.length).toBeGreaterThan(5);
    for (const bad of cases) await check(good, bad);
  });

  it.each(CALL_LIST)('%s: generated bad inputs get the right 4xx', async (id) => {
    const good = goodOf(id);
    await fc.assert(
      fc.asyncProperty(fc.oneof(...generatedCases(good, session)), async (bad) => {
        await check(good, bad);
      }),
      { numRuns: RUNS_PER_CALL },
    );
  });

  it('a client x-api-key is neither needed nor passed on: the relay sends its own', async () => {
    for (const [id, def] of CALL_LIST.filter(
      ([, d]) => d.backend === 'catalog' && d.method === 'GET',
    )) {
      for (const key of ['', 'wrong', 'k'.repeat(10_000), `${backend.catalogApiKey}x`]) {
        const probe = goodProbe(goodOf(id), `x-api-key ${key.slice(0, 12)}`);
        probe.headers = { ...probe.headers, [HEADERS.apiKey]: key };
        const seenBefore = proxy.requests.length;
        const answer = await send(probe);
        expect(answer.status, `${probe.label}: ${answer.text.slice(0, 200)}`).toBe(200);
        expect(def.response.safeParse(answer.body).success, probe.label).toBe(true);
        const seen = proxy.requests.slice(seenBefore);
        expect(seen.length).toBeGreaterThan(0);
        for (const request of seen.filter((r) => r.url.startsWith(CATALOG_PREFIX))) {
          expect(request.headers[HEADERS.apiKey]).toBe(backend.catalogApiKey);
        }
      }
    }
  });

  it('answers unknown paths under /api and /backend with 404 JSON, asking no backend', async () => {
    const segment = fc.oneof(
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 16 })
        .map((value) => encodeURIComponent(value)),
      fc.constantFrom(
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2F',
        '..',
        '.',
        ';',
        '~',
        '@',
        'products',
        'orders',
        '1',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api',
          '/backend',
          CATALOG_PREFIX,
          '/api/auth',
          `${CATALOG_PREFIX}/resources`,
        ),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        async (prefix, segments, method) => {
          const url = `${prefix}/${segments.join('/')}`;
          const pathname = pathnameOf(url);
          // Only paths that stay under the relay's prefixes and name no call are unknown.
          fc.pre(/^\/(api|backend)\//.test(pathname) && routeOf(method, pathname).kind === 'none');
          const answer = await send({ label: `${method} ${url}`, method, url, headers: {} });
          const refusal = decodeOrNull(pathname) === null ? MALFORMED_URL : NOT_FOUND;
          expectRefused(answer, refusal, `${method} ${url}`);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never answers an app path with a 5xx: 200 for a page, 302 without a language, else 404', async () => {
    const words = fc.constantFrom(
      'products',
      'cart',
      'account',
      'orders',
      'checkout',
      'payment',
      'confirmed',
      'about',
      'blogs',
      'catalog',
      'sign-in',
      'white-mug',
      'uz',
      'ru',
      'en',
      'UZ',
      'assets',
      'index',
    );
    const odd = fc.oneof(
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
        .map((value) => encodeURIComponent(value)),
      fc
        .string({ unit: printable, minLength: 1, maxLength: 12 })
        .filter((value) => !/[?#]/.test(value)),
      fc.constantFrom(
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2F',
        '%2e%2e',
        '..',
        '.',
        '%5C',
        '',
        'a'.repeat(300),
      ),
    );
    const files = new Set([
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/icon-192.png',
      '/assets/app-abc123.js',
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', '/uz', '/ru', '/en', '/de', '/UZ'),
        fc.array(fc.oneof(words, odd), { maxLength: 4 }),
        fc.boolean(),
        fc.option(
          asciiText.map((q) => `?${encodeURIComponent(q)}`),
          { nil: '' },
        ),
        fc.record(
          { 'accept-language': asciiText, cookie: asciiText.map((value) => `lang=${value}`) },
          { requiredKeys: [] },
        ),
        async (prefix, segments, slash, search, headers) => {
          const url = `${prefix}/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}${search}`;
          const pathname = pathnameOf(url);
          fc.pre(!/^\/(api|backend|media|tg|assets)(\/|$)/.test(pathname) && !files.has(pathname));
          const answer = await send({ label: `GET ${url}`, method: 'GET', url, headers });
          const shown = `GET ${url} (${pathname}) → ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, shown).toBeLessThan(500);
          expect(answer.reached, shown).toBe(0);
          const target = pathname === '/' ? '' : pathname;
          if (decodeOrNull(pathname) === null) {
            expectRefused(answer, MALFORMED_URL, shown);
          } else if (fileServerRefuses(pathname) === 'always') {
            expectRefused(answer, refused(403, ['forbidden']), shown);
          } else if (matchRoute(pathname)) {
            expect(answer.status, shown).toBe(200);
            expect(answer.contentType, shown).toMatch(/^text\/html/);
          } else if (
            stripLanguagePrefix(pathname).language === null &&
            ['uz', 'ru', 'en'].some((lang) => matchRoute(`/${lang}${target}`))
          ) {
            expect(answer.status, shown).toBe(302);
            expect(String(answer.headers.location), shown).toMatch(/^\/(uz|ru|en)(\/|\?|$)/);
            expect(String(answer.headers.location).replace(/^\/(uz|ru|en)/, ''), shown).toBe(
              `${target}${locate(url).search}`,
            );
          } else if (fileServerRefuses(pathname) === 'maybe' && answer.status === 403) {
            expectRefused(answer, refused(403, ['forbidden']), shown);
          } else {
            // Anything else is the app's own 404 page.
            expect(answer.status, shown).toBe(404);
            expect(answer.contentType, shown).toMatch(/^text\/html/);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changed nothing: stock, profile, cart, orders and SMS are as before; no error was logged', async () => {
    expect(swept).toBeGreaterThan(1_000);
    expect(await snapshot(session)).toEqual(before);
    const errors = logs.lines
      .map((line) => JSON.parse(line) as { level: number; msg?: string })
      .filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });

  it('still answers every good request afterwards, and no order or user was made meanwhile', async () => {
    const businessRefusals: Partial<Record<CallId, number>> = {
      verifyOtp: 422,
      createCard: 422,
      confirmCard: 422,
    };
    const ordered = [...CALL_LIST].sort(
      ([a], [b]) => Number(a === 'logout') - Number(b === 'logout'),
    );
    let placed = '';
    for (const [id, def] of ordered) {
      const answer = await send(goodProbe(goodOf(id), 'good request'));
      const shown = `${id}: ${answer.status} ${answer.text.slice(0, 300)}`;
      const expected = unserved.has(id) ? 404 : businessRefusals[id];
      if (expected === undefined) {
        expect(answer.status, shown).toBeGreaterThanOrEqual(200);
        expect(answer.status, shown).toBeLessThan(300);
        expect(def.response.safeParse(answer.body).success, shown).toBe(true);
      } else {
        expect(answer.status, shown).toBe(expected);
      }
      if (id === 'createOrder') placed = (answer.body as { data: { number: string } }).data.number;
    }
    // Order numbers come from a sequence: the next one proves no order was attempted in between.
    const number = (text: string) => Number(text.replace(/\D/g, ''));
    expect(number(placed)).toBe(number(session.orderNumber) + 1);
    // User ids are serial too: a new shopper gets the id right after the two made at the start.
    const newcomer = await signIn('+998901234569');
    expect(newcomer.id).toBe(session.userId + 2);
  });
});

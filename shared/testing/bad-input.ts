// Test support for the two bad-input sweeps over CALLS: backend/src/http/bad-input-sweep.test.ts
// (straight at the reference backend) and bot/src/relay/bad-input-sweep.test.ts (through the relay
// in front of it). Both start from one good request per call and break one part of it at a time.
// What is the same on both sides lives here: the good requests, the catalogues of bad values per
// part, the fast-check arbitraries, the deadline on every answer and the check every refusal must
// pass. What a side answers to a broken part (the status, whether the request may reach a
// backend) stays in its test file: each case builder takes it as a value or a function.
//
// Outside src/ on purpose: nothing here (fast-check, vitest) may end up in the webapp bundle.
import fc from 'fast-check';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import {
  ApiErrorSchema,
  CALLS,
  CATALOG_PREFIX,
  HEADERS,
  fieldErrors,
  type CallDef,
  type CallId,
  type ErrorCode,
} from '../src/index';

export const CALL_LIST = Object.entries(CALLS) as [CallId, CallDef][];
/** fast-check runs per call and sweep; `SWEEP_RUNS=1000` for a long local run. */
export const RUNS_PER_CALL = Number(process.env.SWEEP_RUNS ?? 25);
export const ANSWER_DEADLINE_MS = 5_000;
export const HUGE = 'x'.repeat(10_000);

// ---- Requests, answers and what a refusal must look like -------------------------------------

export interface Probe {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A Buffer for uploads (binary picture bytes), text otherwise. */
  payload?: string | Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  contentType: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

/**
 * What a refusal must be: the exact status, the codes allowed, fields the details must name. A
 * side adds what only it can check (the relay: whether the request may reach a backend).
 */
export interface Refusal {
  status: number;
  codes: readonly ErrorCode[];
  fields?: readonly string[];
}

/** A request that is wrong in exactly one part, and the answer that part deserves. */
export interface BadCase<R extends Refusal = Refusal> {
  probe: Probe;
  refusal: R;
}

/** A hang fails the test with the request named, instead of stalling the run. */
export async function withDeadline<T>(work: Promise<T>, label: string): Promise<T> {
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

/** What the sweeps need of a Fastify app (the backend's or the relay's): `inject`. */
export interface Injectable {
  inject(options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string | Buffer;
  }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    body: string;
    json(): unknown;
  }>;
}

/**
 * light-my-request reads a path as a URL, where a backslash counts as a slash: '/\…' is then a
 * protocol-relative URL with no host and it throws. It gives '//…' its own origin first; do the
 * same for '/\…', which then reaches the app as '//…' (what `new URL` makes of it, too).
 */
function injectableUrl(url: string): string {
  return /^\/\\/.test(url) ? `http://localhost${url}` : url;
}

/** Sends `probe` to `app` in process, within the answer deadline. */
export async function sendProbe(app: Injectable, probe: Probe): Promise<Answer> {
  const response = await withDeadline(
    app.inject({
      method: probe.method,
      url: injectableUrl(probe.url),
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
  };
}

export function fieldsOf(body: unknown): string[] {
  const parsed = ApiErrorSchema.safeParse(body);
  return parsed.success ? (parsed.data.details ?? []).map((detail) => detail.field) : [];
}

/**
 * The check every refusal must pass on both sides: exactly the status expected (so never a 5xx),
 * JSON in the one error shape (ApiErrorSchema) with an allowed code and a message, field details
 * on a validation_error, and every field the refusal names. `note` goes after the status in the
 * failure message, which is returned for a side's own checks.
 */
export function expectRefusal(answer: Answer, refusal: Refusal, label: string, note = ''): string {
  const shown = `${label} → ${answer.status}${note} ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  expect(answer.status, shown).toBe(refusal.status);
  expect(answer.contentType, shown).toMatch(/^application\/json/);
  const error = ApiErrorSchema.safeParse(answer.body);
  expect(error.success, shown).toBe(true);
  if (!error.success) return shown;
  expect(refusal.codes, shown).toContain(error.data.code);
  expect(error.data.message.length, shown).toBeGreaterThan(0);
  if (error.data.code === 'validation_error') {
    const details = error.data.details ?? [];
    expect(details.length, shown).toBeGreaterThan(0);
    for (const detail of details) {
      expect(detail.field.length, shown).toBeGreaterThan(0);
      expect(detail.message.length, shown).toBeGreaterThan(0);
    }
  }
  for (const field of refusal.fields ?? []) expect(fieldsOf(answer.body), shown).toContain(field);
  return shown;
}

// ---- Small helpers over parts of a request ---------------------------------------------------

export function withoutHeader(
  headers: Record<string, string>,
  name: string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
}

/**
 * A NUL or a lone surrogate: JSON.stringify writes both as escapes, a surrogate pair as is. A value
 * nested too deep to write holds neither (the deep bodies here are built without text).
 */
function hasIllFormedText(value: unknown): boolean {
  let json: string;
  try {
    json = JSON.stringify(value ?? null);
  } catch {
    return false;
  }
  return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json);
}

/**
 * What a call's schema makes of one part of a request: 'ill-formed' when it holds a NUL or a lone
 * surrogate anywhere, which both servers refuse before the schemas look (naming the text's path,
 * which need not be a field of the contract); else 'accepted', or the fields the schema names,
 * '(root)' for the part as a whole.
 */
export type Judgement = 'accepted' | 'ill-formed' | string[];

export function judge(schema: z.ZodMiniType, value: unknown): Judgement {
  if (hasIllFormedText(value)) return 'ill-formed';
  const result = schema.safeParse(value);
  if (result.success) return 'accepted';
  return fieldErrors(result.error).map((error) => error.field);
}

export function keysOf(schema: z.ZodMiniType | 'multipart' | undefined): string[] {
  return schema instanceof z.core.$ZodObject ? Object.keys(schema._zod.def.shape) : [];
}

/** The query object the server parses from `pairs`: a repeated key becomes an array. */
export function parsedQuery(
  pairs: readonly (readonly [string, string])[],
): Record<string, unknown> {
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of pairs) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

export function queryText(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

export function decodeOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function isJsonBody(def: CallDef): def is CallDef & { body: z.ZodMiniType } {
  return def.body !== undefined && def.body !== 'multipart';
}

/** Catalogue paths: the backend wants the x-api-key header on them. */
export function needsApiKey(def: CallDef): boolean {
  return def.path.startsWith(`${CATALOG_PREFIX}/`);
}

// ---- Good requests, one per call -------------------------------------------------------------

/** A product in stock, for the samples of the order, cart and search calls. */
export interface SampleProduct {
  variantId: number;
  price: number;
  slug: string;
  mxik: string;
  packageCode: string;
  /** As the saved cart names it. */
  name: string;
  /** A word the search finds it by. */
  searchWord: string;
}

/** The signed-in shopper every good request is made as, and what they own. */
export interface SweepSession {
  token: string;
  userId: number;
  phone: string;
  orderId: number;
  orderNumber: string;
  /** A token that was good until its user logged out. */
  revokedToken: string;
  storeId: number;
  product: SampleProduct;
  /** A published blog post. */
  blogSlug: string;
}

export interface Good {
  id: CallId;
  def: CallDef;
  /** Decoded path parameter values. */
  params: Record<string, string>;
  query: [string, string][];
  body: unknown;
  /** Whether `body` is a real sample of the call (one added without a sample gets `{}`). */
  sampled: boolean;
  headers: Record<string, string>;
}

export interface GoodOptions {
  /** A phone number not used yet in this run, for send-otp. */
  freshPhone: () => string;
  /** Sent as x-api-key on catalogue paths: the backend wants it, the relay adds its own. */
  apiKey?: string;
}

/** A card id of the right shape that no shopper has. */
export const MISSING_CARD_ID = 999_999;

function goodQueries(session: SweepSession): Partial<Record<CallId, [string, string][]>> {
  return {
    search: [['q', session.product.searchWord]],
    product: [['resources[]', 'relateds']],
    customerOrders: [
      ['page', '1'],
      ['per_page', '5'],
    ],
    customerOrderDetails: [['resources[]', 'statuses']],
  };
}

function goodBodies(session: SweepSession, freshPhone: () => string) {
  const { product } = session;
  const bodies: Partial<Record<CallId, unknown>> = {
    sendOtp: { phone: freshPhone(), user_type: 'individual' },
    verifyOtp: { phone: session.phone, otp: '00000' },
    updateProfile: { name: 'Sweep', surname: 'Tester', email: 'sweep@example.com' },
    createOrder: {
      items: [{ product_id: product.variantId, quantity: 1 }],
      delivery_type: 'pickup',
      store_id: session.storeId,
      name: 'Sweep',
      surname: 'Tester',
      phone: session.phone,
      payment_type: 'on_receipt',
      comment: 'Bad-input sweep',
    },
    // Payme's published test card, which the sandbox card processor accepts.
    createCard: { card_number: '8600 0691 9540 6311', expiry: '03/99', phone: session.phone },
    resendCardCode: { card_id: MISSING_CARD_ID },
    confirmCard: { card_id: MISSING_CARD_ID, code: '666666' },
    payOrder: { card_id: MISSING_CARD_ID },
    saveCart: {
      cart_data: [
        {
          product_id: product.variantId,
          name: product.name,
          img_url: null,
          quantity: 2,
          attributes: [],
          price: product.price,
          slug: product.slug,
          mxit: product.mxik,
          mxit_unit: product.packageCode,
        },
      ],
    },
    products: { sort: 'price_asc', per_page: 5, in_stock: true },
  };
  return bodies;
}

function goodParams(id: CallId, session: SweepSession): Record<string, string> {
  // `:slug` names a different thing per call: a product, a blog post or an info page.
  const slug =
    id === 'blog' ? session.blogSlug : id === 'infoPage' ? 'about' : session.product.slug;
  return {
    tid: session.orderNumber,
    id: String(MISSING_CARD_ID),
    slug,
    customerId: String(session.userId),
    orderId: String(session.orderId),
  };
}

/** A request to `id` that is good in every part: the one a bad case breaks in one place. */
export function goodRequest(
  id: CallId,
  def: CallDef,
  session: SweepSession,
  options: GoodOptions,
): Good {
  const allParams = goodParams(id, session);
  const params: Record<string, string> = {};
  for (const [, name] of def.path.matchAll(/:([A-Za-z]+)/g)) {
    if (name === undefined) continue;
    const value = allParams[name];
    if (value === undefined) throw new Error(`${id}: add a good value for path parameter ${name}`);
    params[name] = value;
  }
  const headers: Record<string, string> = { [HEADERS.language]: 'en' };
  if (options.apiKey !== undefined && needsApiKey(def)) headers[HEADERS.apiKey] = options.apiKey;
  if (def.auth === 'bearer') headers.authorization = `Bearer ${session.token}`;
  if (def.body === 'multipart') headers['content-type'] = 'multipart/form-data; boundary=sweep';
  else if (def.body !== undefined) headers['content-type'] = 'application/json';
  // A call added without a sample body is still swept, from an empty object.
  const sample = def.body === undefined ? undefined : goodBodies(session, options.freshPhone)[id];
  const body = def.body === undefined ? undefined : (sample ?? {});
  const query = goodQueries(session)[id] ?? [];
  return { id, def, params, query, body, sampled: sample !== undefined, headers };
}

/** The good request of every call. */
export function goodRequests(session: SweepSession, options: GoodOptions): Record<CallId, Good> {
  return Object.fromEntries(
    CALL_LIST.map(([id, def]) => [id, goodRequest(id, def, session, options)]),
  ) as Record<CallId, Good>;
}

/** The URL with raw (already encoded) path segments. */
export function urlWith(
  good: Good,
  segments: Record<string, string>,
  query = queryText(good.query),
): string {
  const path = good.def.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    return segments[name] ?? encodeURIComponent(good.params[name] ?? '');
  });
  return `${path}${query}`;
}

/** A real 2×2 PNG: the good upload is a photo the backend takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwXlVuvKqcAUIBACQuBVGcWysNAAAAAElFTkSuQmCC',
  'base64',
);

/** The good upload: one photo in the field `photo`, framed with the boundary of goodRequest. */
function goodUpload(): Buffer {
  return Buffer.concat([
    Buffer.from(
      '--sweep\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n',
    ),
    TINY_PNG,
    Buffer.from('\r\n--sweep--\r\n'),
  ]);
}

export function goodProbe(good: Good, label: string): Probe {
  const payload =
    good.def.body === 'multipart'
      ? goodUpload()
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

/**
 * The good request carrying exactly `payload` (undefined: no body) as `contentType` (null: no
 * content-type header).
 */
export function bodyProbe(
  good: Good,
  label: string,
  payload: string | undefined,
  contentType: string | null = 'application/json',
): Probe {
  const base = goodProbe(good, label);
  const probe: Probe = {
    label: base.label,
    method: base.method,
    url: base.url,
    headers: withoutHeader(base.headers, 'content-type'),
  };
  if (contentType !== null) probe.headers['content-type'] = contentType;
  if (payload !== undefined) probe.payload = payload;
  return probe;
}

/** That the sweep starts from requests the contract accepts, so the broken part is all that's wrong. */
export function expectContractAccepts(good: Good, querySchema = good.def.query): void {
  const { id, def } = good;
  if (def.params) expect(def.params.safeParse(good.params).success, id).toBe(true);
  if (querySchema) expect(querySchema.safeParse(parsedQuery(good.query)).success, id).toBe(true);
  if (isJsonBody(def) && good.sampled) expect(def.body.safeParse(good.body).success, id).toBe(true);
}

/**
 * Calls whose good request a business rule refuses, not validation: verify-otp with a made-up
 * code; the card calls name a card the shopper does not have (404, as another user's card would
 * be); paying the sweep's order, which is paid on receipt, is refused (409).
 */
export const BUSINESS_REFUSALS: Partial<Record<CallId, number>> = {
  verifyOtp: 422,
  resendCardCode: 404,
  confirmCard: 404,
  removeCard: 404,
  setDefaultCard: 404,
  payOrder: 409,
};

/** Every call, logout last: it ends the session the others need. */
export const CALLS_LOGOUT_LAST = [...CALL_LIST].sort(
  ([a], [b]) => Number(a === 'logout') - Number(b === 'logout'),
);

/** A good request's answer: a 2xx in the call's response shape, or exactly `refusedWith`. */
export function expectAnswered(answer: Answer, good: Good, refusedWith?: number): void {
  const shown = `${good.id}: ${answer.status} ${answer.text.slice(0, 300)}`;
  if (refusedWith === undefined) {
    expect(answer.status, shown).toBeGreaterThanOrEqual(200);
    expect(answer.status, shown).toBeLessThan(300);
    expect(good.def.response.safeParse(answer.body).success, shown).toBe(true);
  } else {
    expect(answer.status, shown).toBe(refusedWith);
  }
}

// ---- The hand-picked bad values, per part ----------------------------------------------------

export const BAD_LANGUAGES = ['xx', 'UZ', 'uz,ru', 'de-DE', `uz${HUGE}`];
export const BAD_ACCOUNT_TYPES = ['robot', 'LEGAL', 'individual,legal', 'undefined', HUGE];
/** What x-lang and x-account-type accept (once trimmed): anything else is refused. */
const GOOD_HEADER_VALUES: readonly (readonly [string, readonly string[]])[] = [
  [HEADERS.language, ['', 'uz', 'ru', 'en']],
  [HEADERS.accountType, ['', 'null', 'individual', 'legal']],
];

export function badAuthorizations(session: SweepSession): (string | null)[] {
  return [
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
}

export const PARAM_VALUES = [
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
/** Raw path segments: each of PARAM_VALUES encoded, and ones no decoder or router likes. */
export const RAW_SEGMENTS = [
  ...PARAM_VALUES.map((value) => encodeURIComponent(value)),
  '%zz',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '.',
  '',
  'a'.repeat(500),
];

export const ODD_QUERY_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  'abc',
  HUGE,
];
/** A query string a parser has to give up on parts of, and the pairs it makes of it. */
export const BROKEN_QUERY = {
  text: '%zz=%E0%A4%A&&=&unexpected',
  pairs: [
    ['%zz', '%E0%A4%A'],
    ['unexpected', ''],
  ] as [string, string][],
};

export const MALFORMED_JSON = [
  '{"phone": ',
  '{',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1}x',
];
/** Content types no JSON body parser takes. */
export const NOT_JSON_TYPES = ['application/x-www-form-urlencoded', 'application/xml', 'image/png'];
/** Whole bodies of the wrong JSON type. */
export const WRONG_JSON_SHAPES = ['[]', '"text"', '42', 'null', 'true', '[{}]'];
export const WRONG_FIELD_VALUES: unknown[] = [
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
  'a\ud800b',
  'NaN',
  '-1',
  [],
  [1, 'x'],
  {},
  { nested: { deeper: [null] } },
];
/**
 * Wrong values one field's rule must refuse that WRONG_FIELD_VALUES does not hold, by call and
 * field: a yes/no flag sent as the word or number a form or query string would give.
 */
export const FIELD_BAD_VALUES: Partial<Record<CallId, Record<string, readonly unknown[]>>> = {
  products: {
    in_stock: ['yes', 'true', 'false', 1],
    discounted: ['yes', 'true', 'false', 1, '1'],
  },
};
/** JSON number literals JSON.stringify cannot write: they parse to ±Infinity. */
export const RAW_NUMBERS = ['1e309', '-1e309', '-0', '1E400'];
/** How deep the nested bodies go: deeper than any recursive parser or validator copes with. */
export const DEEP = 5_000;
export const BAD_IDEMPOTENCY_KEYS = ['short', 'k'.repeat(201), 'has space inside', HUGE];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

// ---- Hand-picked bad cases, per part: the side says what each deserves ----------------------

/** Each bad x-lang and x-account-type value. */
export function headerCases<R extends Refusal>(
  good: Good,
  refusalOf: (header: string) => R,
): BadCase<R>[] {
  const cases: BadCase<R>[] = [];
  for (const [name, values] of [
    [HEADERS.language, BAD_LANGUAGES],
    [HEADERS.accountType, BAD_ACCOUNT_TYPES],
  ] as const) {
    for (const value of values) {
      const probe = goodProbe(good, `${name} ${value.slice(0, 20)}`);
      probe.headers[name] = value;
      cases.push({ probe, refusal: refusalOf(name) });
    }
  }
  return cases;
}

/** Each bad authorization header (null: none at all). */
export function authCases<R extends Refusal>(
  good: Good,
  session: SweepSession,
  refusalOf: (value: string | null) => R,
): BadCase<R>[] {
  return badAuthorizations(session).map((value) => {
    const probe = goodProbe(good, `authorization ${String(value).slice(0, 24)}`);
    probe.headers =
      value === null
        ? withoutHeader(probe.headers, 'authorization')
        : { ...probe.headers, authorization: value };
    return { probe, refusal: refusalOf(value) };
  });
}

/** Each raw segment in place of each path parameter, where `refusalOf` says it is wrong. */
const PLAIN_CALL_PATHS = new Set(
  CALL_LIST.map(([, def]) => def.path).filter((path) => !path.includes(':')),
);

function resolvedPath(url: string): string {
  return new URL(url, 'http://sweep.invalid').pathname.replace(/\/+$/, '');
}

/**
 * Whether a parameter value makes the URL another call's: '.' or '' as the last segment collapses
 * `/api/content/blogs/.` into `/api/content/blogs` (dot segments and a trailing slash are
 * normalised away by every URL parser, the client's included), which is the list call asked
 * properly, not a bad request to this one.
 */
function becomesAnotherCall(url: string): boolean {
  return PLAIN_CALL_PATHS.has(resolvedPath(url));
}

export function paramCases<R extends Refusal>(
  good: Good,
  refusalOf: (name: string, raw: string, url: string) => R | null,
): BadCase<R>[] {
  const cases: BadCase<R>[] = [];
  for (const name of Object.keys(good.params)) {
    for (const raw of RAW_SEGMENTS) {
      const url = urlWith(good, { [name]: raw });
      if (becomesAnotherCall(url)) continue;
      const refusal = refusalOf(name, raw, url);
      if (refusal === null) continue;
      cases.push({
        probe: { ...goodProbe(good, `param ${name}=${raw.slice(0, 24)}`), url },
        refusal,
      });
    }
  }
  return cases;
}

/**
 * Unknown, odd, huge, repeated and array-shaped query parameters (`schema` says which keys are
 * known), where `refusalOf` says they are wrong; and a query string that does not decode, which
 * gets `brokenRefusalOf` the pairs a parser makes of it.
 */
export function queryCases<R extends Refusal>(
  good: Good,
  schema: z.ZodMiniType,
  refusalOf: (pairs: [string, string][]) => R | null,
  brokenRefusalOf: (pairs: [string, string][]) => R | null,
): BadCase<R>[] {
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
  for (const key of keysOf(schema)) {
    const others = good.query.filter(([k]) => k !== key);
    for (const value of ODD_QUERY_VALUES) variants.push([...others, [key, value]]);
    // Repeated, and as an array where a scalar is expected.
    variants.push([...good.query, [key, good.query.find(([k]) => k === key)?.[1] ?? '1']]);
    variants.push([...others, [`${key}[]`, '1']]);
    variants.push([...others, [key, 'a\u0000b']]);
  }
  const cases: BadCase<R>[] = [];
  for (const pairs of variants) {
    const refusal = refusalOf(pairs);
    if (refusal === null) continue;
    const probe = goodProbe(good, `query ${queryText(pairs).slice(0, 40)}`);
    probe.url = urlWith(good, {}, queryText(pairs));
    cases.push({ probe, refusal });
  }
  const broken = goodProbe(good, 'query with broken percent-encoding');
  broken.url = `${urlWith(good, {})}${good.query.length > 0 ? '&' : '?'}${BROKEN_QUERY.text}`;
  const brokenRefusal = brokenRefusalOf([...good.query, ...BROKEN_QUERY.pairs]);
  if (brokenRefusal !== null) cases.push({ probe: broken, refusal: brokenRefusal });
  return cases;
}

/** Each malformed JSON text, sent as application/json. */
export function malformedJsonCases<R extends Refusal>(good: Good, refusal: R): BadCase<R>[] {
  return MALFORMED_JSON.map((payload) => ({
    probe: bodyProbe(good, `malformed ${payload}`, payload),
    refusal,
  }));
}

/**
 * The JSON texts that break a JSON body, each a label and the exact text: wrong shapes, deep
 * nesting, prototype keys, unknown fields, a wrong value for each field, each field missing.
 * The side's own `bodyCase` says what each deserves.
 */
export function jsonBodyTexts(good: Good): { label: string; payload: string }[] {
  const { def } = good;
  if (!isJsonBody(def)) return [];
  const goodText = JSON.stringify(good.body);
  const base = typeof good.body === 'object' && good.body !== null ? good.body : {};
  const withField = (key: string, value: unknown) => JSON.stringify({ ...base, [key]: value });
  const nested = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
  const texts: { label: string; payload: string }[] = [];
  const add = (label: string, payload: string) => texts.push({ label, payload });

  for (const payload of [...WRONG_JSON_SHAPES, `[${goodText}]`]) {
    add(`body ${payload.slice(0, 20)}`, payload);
  }
  add('deeply nested array', nested);
  add('deeply nested object', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`);
  add('__proto__', goodText.replace(/^\{/, '{"__proto__":{"admin":true},'));
  add(
    'constructor.prototype',
    goodText.replace(/^\{/, '{"constructor":{"prototype":{"admin":true}},'),
  );
  add('unknown field', withField('unexpected_field', 1));
  add('huge unknown field', withField(HUGE, HUGE));
  for (const key of new Set([...keysOf(def.body), ...Object.keys(base)])) {
    for (const value of [...WRONG_FIELD_VALUES, ...(FIELD_BAD_VALUES[good.id]?.[key] ?? [])]) {
      add(`${key}=${JSON.stringify(value).slice(0, 20)}`, withField(key, value));
    }
    for (const raw of RAW_NUMBERS) {
      add(`${key}=${raw}`, withField(key, '__RAW__').replace('"__RAW__"', raw));
    }
    add(`${key} nested deep`, withField(key, '__RAW__').replace('"__RAW__"', nested));
    if (key in base) {
      const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
      add(`missing ${key}`, JSON.stringify(rest));
    }
  }
  return texts;
}

/** Each method no call takes on this path. */
export function otherMethodCases<R extends Refusal>(good: Good, refusal: R): BadCase<R>[] {
  const taken = CALL_LIST.filter(([, other]) => other.path === good.def.path).map(
    ([, other]): string => other.method,
  );
  return METHODS.filter((method) => !taken.includes(method)).map((method) => ({
    probe: { ...goodProbe(good, `method ${method}`), method },
    refusal,
  }));
}

/** Each of `values` as the idempotency key of the one call that reads it (createOrder). */
export function idempotencyCases<R extends Refusal>(
  good: Good,
  values: readonly string[],
  refusal: R,
): BadCase<R>[] {
  if (good.id !== 'createOrder') return [];
  return values.map((value) => {
    const probe = goodProbe(good, `idempotency-key ${value.slice(0, 20)}`);
    probe.headers[HEADERS.idempotencyKey] = value;
    return { probe, refusal };
  });
}

// ---- Generated bad cases ---------------------------------------------------------------------

export const printable = fc
  .integer({ min: 0x20, max: 0x7e })
  .map((code) => String.fromCharCode(code));
export const asciiText = fc.string({ unit: printable, maxLength: 60 });
export const oddValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom('', '-1', '0', '1.5', 'NaN', 'Infinity', '1e400', '0x10', HUGE, 'a\u0000b'),
);

/** Any printable x-lang and x-account-type value those headers do not accept. */
export function headerArbitraries<R extends Refusal>(
  good: Good,
  refusalOf: (header: string) => R,
): fc.Arbitrary<BadCase<R>>[] {
  return GOOD_HEADER_VALUES.map(([name, valid]) =>
    asciiText
      .filter((value) => !valid.includes(value.trim()))
      .map((value) => {
        const probe = goodProbe(good, `${name} ${JSON.stringify(value)}`);
        probe.headers[name] = value;
        return { probe, refusal: refusalOf(name) };
      }),
  );
}

/** Any authorization header but the session's own. */
export function authArbitrary<R extends Refusal>(
  good: Good,
  session: SweepSession,
  refusalOf: (value: string) => R,
): fc.Arbitrary<BadCase<R>> {
  return fc
    .tuple(fc.constantFrom('Bearer ', 'Basic ', 'bearer ', ''), asciiText)
    .map(([scheme, value]) => `${scheme}${value}`)
    .filter((value) => value.trim() !== `Bearer ${session.token}`)
    .map((value) => {
      const probe = goodProbe(good, `authorization ${JSON.stringify(value)}`);
      probe.headers.authorization = value;
      return { probe, refusal: refusalOf(value) };
    });
}

/** Any text as one path parameter, where `refusalOf` says it is wrong (none without params). */
export function paramArbitraries<R extends Refusal>(
  good: Good,
  refusalOf: (name: string, raw: string, url: string) => R | null,
): fc.Arbitrary<BadCase<R>>[] {
  const names = Object.keys(good.params);
  if (names.length === 0) return [];
  return [
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
      )
      .map(([name, value]) => {
        const raw = encodeURIComponent(value);
        const url = urlWith(good, { [name]: raw });
        const probe = { ...goodProbe(good, `param ${name}=${raw.slice(0, 60)}`), url };
        return { probe, refusal: becomesAnotherCall(url) ? null : refusalOf(name, raw, url) };
      })
      .filter((c): c is BadCase<R> => c.refusal !== null),
  ];
}

/** Up to four odd parameters added to the good query, where `refusalOf` says that is wrong. */
export function queryArbitrary<R extends Refusal>(
  good: Good,
  schema: z.ZodMiniType,
  refusalOf: (pairs: [string, string][]) => R | null,
): fc.Arbitrary<BadCase<R>> {
  const keys = fc.constantFrom(...keysOf(schema), 'q', 'page', 'unexpected', '__proto__', 'a[]');
  return fc
    .array(fc.tuple(keys, oddValue), { minLength: 1, maxLength: 4 })
    .map((extra) => {
      const pairs = [...good.query, ...extra];
      const probe = goodProbe(good, `query ${queryText(pairs).slice(0, 80)}`);
      probe.url = urlWith(good, {}, queryText(pairs));
      return { probe, refusal: refusalOf(pairs) };
    })
    .filter((c): c is BadCase<R> => c.refusal !== null);
}

/**
 * Any JSON value as the body, the good body with up to three fields changed, or with some left
 * out: each as the side's `bodyCase` makes it, when that is a bad case (none without a JSON body).
 */
export function jsonBodyArbitraries<R extends Refusal>(
  good: Good,
  bodyCase: (label: string, payload: string) => BadCase<R>[],
): fc.Arbitrary<BadCase<R>>[] {
  const { def } = good;
  if (!isJsonBody(def)) return [];
  const base = typeof good.body === 'object' && good.body !== null ? good.body : {};
  const keys = [...new Set([...keysOf(def.body), ...Object.keys(base), 'extra'])];
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
  return [
    bodies
      .map((value) => bodyCase(`body ${JSON.stringify(value).slice(0, 80)}`, JSON.stringify(value)))
      .filter((cases): cases is [BadCase<R>] => cases.length === 1)
      .map(([only]) => only),
  ];
}

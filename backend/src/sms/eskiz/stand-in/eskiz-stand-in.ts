// A stand-in for Eskiz (notify.eskiz.uz/api) on this machine: a local HTTP server speaking the
// same protocol (form-data sign-in for a bearer token that ends, refresh, 401 for a token it does
// not take, `{id, status: "waiting"}` for a queued message), so the shop runs its real Eskiz
// adapter against it in tests. Like a live account it takes only texts matching an approved
// template, and it has numbers that refuse, fail or stall (stand-in-numbers.ts). A message it
// accepts can be handed on to another SMS provider: the console one writes it to the outbox the
// end-to-end suite reads codes from.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readCappedBody, sameText } from '../../../http/stand-in-io';
import type { SmsProvider } from '../../sms-provider';
import { allTemplates } from '../../sms-texts';
import { ESKIZ_PATHS, ESKIZ_TOKEN_LIFETIME_MS } from '../eskiz-protocol';
import { STAND_IN_NUMBERS } from './stand-in-numbers';

const MAX_BODY_BYTES = 64 * 1024;

export interface EskizStandInOptions {
  email: string;
  password: string;
  /** How long a token lives; Eskiz's last 30 days, tests pick seconds. */
  tokenLifetimeMs?: number;
  /** Texts it delivers, `{code}` standing for digits; the shop's templates by default. */
  approvedTemplates?: readonly string[];
  /** How long the slow number takes to answer. */
  slowMs?: number;
  /** Where accepted messages are handed on (phone in the shop's "+998…" form). */
  deliverTo?: SmsProvider;
  now?: () => Date;
  host?: string;
  /** 0 (the default): any free port. */
  port?: number;
}

export interface AcceptedSms {
  id: string;
  mobilePhone: string;
  message: string;
  from: string;
}

export interface EskizStandIn {
  /** The API root, for ESKIZ_API_URL. */
  url: string;
  /** Every message it took, oldest first. */
  accepted(): AcceptedSms[];
  /** Send requests that reached it for a number, whatever their answer. */
  sendsTo(mobilePhone: string): number;
  logins(): number;
  refreshes(): number;
  /** Every token issued so far stops working before its time, as after a password change. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as Eskiz matches it: the fixed words exactly, digits where `{code}` is. */
function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.split('{code}').map(escapeRegExp).join('\\d{4,8}')}$`);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const body = await readCappedBody(request, MAX_BODY_BYTES);
  if (body === null) return null;
  // Only the urlencoded kind the shop's adapter sends; a form of another kind reads as empty.
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/x-www-form-urlencoded')) return null;
  return new URLSearchParams(body);
}

function field(form: URLSearchParams, name: string): string {
  return form.get(name) ?? '';
}

export async function startEskizStandIn(options: EskizStandInOptions): Promise<EskizStandIn> {
  const now = options.now ?? (() => new Date());
  const lifetimeMs = options.tokenLifetimeMs ?? ESKIZ_TOKEN_LIFETIME_MS;
  const slowMs = options.slowMs ?? 30_000;
  const approved = (options.approvedTemplates ?? allTemplates()).map(templatePattern);
  const signingKey = randomBytes(32);
  const liveTokens = new Map<string, number>();
  const accepted: AcceptedSms[] = [];
  const sendCounts = new Map<string, number>();
  const failedOnce = new Set<string>();
  const stalls = new Set<NodeJS.Timeout>();
  let logins = 0;
  let refreshes = 0;

  /** A JWT like Eskiz's, whose `exp` says when it ends. */
  function issueToken(): string {
    const issuedAt = now().getTime();
    const expiresAt = issuedAt + lifetimeMs;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor(expiresAt / 1000),
      jti: randomUUID(),
      role: 'user',
    })}`;
    const token = `${unsigned}.${createHmac('sha256', signingKey).update(unsigned).digest('base64url')}`;
    liveTokens.set(token, expiresAt);
    return token;
  }

  /** The bearer token of a request, when it is one it issued and it has not ended. */
  function liveToken(request: IncomingMessage): string | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) return null;
    const expiresAt = liveTokens.get(token);
    if (expiresAt === undefined) return null;
    if (expiresAt <= now().getTime()) {
      liveTokens.delete(token);
      return null;
    }
    return token;
  }

  function answer(response: ServerResponse, status: number, body: object): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  const unauthorized = (response: ServerResponse) => {
    answer(response, 401, { status: 'token-invalid', message: 'Unauthenticated.' });
  };

  function stall(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stalls.delete(timer);
        resolve();
      }, slowMs);
      stalls.add(timer);
    });
  }

  async function login(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request);
    logins += 1;
    if (
      form === null ||
      !sameText(field(form, 'email'), options.email) ||
      !sameText(field(form, 'password'), options.password)
    ) {
      answer(response, 401, { message: 'Invalid credentials' });
      return;
    }
    answer(response, 200, {
      message: 'token_generated',
      data: { token: issueToken() },
      token_type: 'bearer',
    });
  }

  function refresh(request: IncomingMessage, response: ServerResponse) {
    refreshes += 1;
    const token = liveToken(request);
    if (token === null) {
      unauthorized(response);
      return;
    }
    liveTokens.delete(token);
    answer(response, 200, { message: 'token_generated', data: { token: issueToken() } });
  }

  async function send(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request);
    const mobilePhone = form === null ? '' : field(form, 'mobile_phone');
    const message = form === null ? '' : field(form, 'message');
    const from = form === null ? '' : field(form, 'from');
    sendCounts.set(mobilePhone, (sendCounts.get(mobilePhone) ?? 0) + 1);
    if (liveToken(request) === null) {
      unauthorized(response);
      return;
    }
    if (!/^998\d{9}$/.test(mobilePhone) || mobilePhone === STAND_IN_NUMBERS.badNumber) {
      answer(response, 400, {
        status: 'error',
        message: { mobile_phone: ['The mobile phone format is invalid.'] },
      });
      return;
    }
    if (message === '' || from === '') {
      answer(response, 400, {
        status: 'error',
        message: 'The message and from fields are required.',
      });
      return;
    }
    if (mobilePhone === STAND_IN_NUMBERS.noBalance) {
      answer(response, 400, { status: 'error', message: 'Insufficient balance.' });
      return;
    }
    if (!approved.some((pattern) => pattern.test(message))) {
      answer(response, 400, { status: 'error', message: 'This SMS text has not been approved.' });
      return;
    }
    if (mobilePhone === STAND_IN_NUMBERS.serverError) {
      answer(response, 500, { message: 'Server Error' });
      return;
    }
    if (mobilePhone === STAND_IN_NUMBERS.flaky && !failedOnce.has(message)) {
      failedOnce.add(message);
      answer(response, 503, { message: 'Service Unavailable' });
      return;
    }
    if (mobilePhone === STAND_IN_NUMBERS.slow) await stall();
    const sms: AcceptedSms = { id: randomUUID(), mobilePhone, message, from };
    accepted.push(sms);
    await options.deliverTo?.send(`+${mobilePhone}`, message);
    answer(response, 200, { id: sms.id, message: 'Waiting for SMS provider', status: 'waiting' });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname.replace(/^\/api/, '');
    const route = `${request.method ?? ''} ${path}`;
    if (route === `POST ${ESKIZ_PATHS.login}`) await login(request, response);
    else if (route === `PATCH ${ESKIZ_PATHS.refresh}`) refresh(request, response);
    else if (route === `POST ${ESKIZ_PATHS.send}`) await send(request, response);
    // Readiness, for whoever starts it as a process of its own.
    else if (route === 'GET /') answer(response, 200, { name: 'eskiz stand-in' });
    else answer(response, 404, { status: 'error', message: 'Not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, { message: 'Server Error' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Not listening on a port');
  const { port } = address;
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/api`,
    accepted: () => [...accepted],
    sendsTo: (mobilePhone) => sendCounts.get(mobilePhone) ?? 0,
    logins: () => logins,
    refreshes: () => refreshes,
    revokeTokens: () => {
      liveTokens.clear();
    },
    close: async () => {
      for (const timer of stalls) clearTimeout(timer);
      stalls.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

// A stand-in for Eskiz (notify.eskiz.uz/api) on this machine: a local HTTP server speaking the
// same protocol (form-data sign-in for a bearer token that ends, refresh, 401 for a token it does
// not take, `{id, status: "waiting"}` for a queued message), so the shop runs its real Eskiz
// adapter against it in tests. Like a live account it takes only texts matching an approved
// template, and it has numbers that refuse, fail or stall (stand-in-numbers.ts). A message it
// accepts can be handed on to another SMS provider: the console one writes it to the outbox the
// end-to-end suite reads codes from. Sign-in is stand-in-sign-in.ts, messages
// stand-in-messages.ts; this file routes and serves.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SmsProvider } from '../../sms-provider';
import { allTemplates } from '../../sms-texts';
import { ESKIZ_PATHS, ESKIZ_TOKEN_LIFETIME_MS } from '../eskiz-protocol';
import { answer } from './stand-in-http';
import { createStandInMessages, type AcceptedSms } from './stand-in-messages';
import { createStandInSignIn } from './stand-in-sign-in';

export type { AcceptedSms } from './stand-in-messages';

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

export async function startEskizStandIn(options: EskizStandInOptions): Promise<EskizStandIn> {
  const signIn = createStandInSignIn({
    email: options.email,
    password: options.password,
    lifetimeMs: options.tokenLifetimeMs ?? ESKIZ_TOKEN_LIFETIME_MS,
    now: options.now ?? (() => new Date()),
  });
  const messages = createStandInMessages({
    approvedTemplates: options.approvedTemplates ?? allTemplates(),
    slowMs: options.slowMs ?? 30_000,
    deliverTo: options.deliverTo,
    signedIn: (request) => signIn.liveToken(request) !== null,
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname.replace(/^\/api/, '');
    const route = `${request.method ?? ''} ${path}`;
    if (route === `POST ${ESKIZ_PATHS.login}`) await signIn.login(request, response);
    else if (route === `PATCH ${ESKIZ_PATHS.refresh}`) signIn.refresh(request, response);
    else if (route === `POST ${ESKIZ_PATHS.send}`) await messages.send(request, response);
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
    accepted: messages.accepted,
    sendsTo: messages.sendsTo,
    logins: signIn.logins,
    refreshes: signIn.refreshes,
    revokeTokens: signIn.revokeTokens,
    close: async () => {
      messages.endStalls();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

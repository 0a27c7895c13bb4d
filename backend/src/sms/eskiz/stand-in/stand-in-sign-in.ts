// The Eskiz stand-in's accounts side: form-data sign-in for a bearer token (a JWT whose `exp`
// says when it ends), refreshing one, and telling a live token from one it never issued, one
// that has ended or one revoked.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sameText } from '../../../http/stand-in-io';
import { answer, field, readForm, unauthorized } from './stand-in-http';

export interface StandInSignInOptions {
  email: string;
  password: string;
  lifetimeMs: number;
  now: () => Date;
}

export function createStandInSignIn(options: StandInSignInOptions) {
  const { now } = options;
  const signingKey = randomBytes(32);
  const liveTokens = new Map<string, number>();
  let logins = 0;
  let refreshes = 0;

  /** A JWT like Eskiz's, whose `exp` says when it ends. */
  function issueToken(): string {
    const issuedAt = now().getTime();
    const expiresAt = issuedAt + options.lifetimeMs;
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

  async function login(request: IncomingMessage, response: ServerResponse): Promise<void> {
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

  function refresh(request: IncomingMessage, response: ServerResponse): void {
    refreshes += 1;
    const token = liveToken(request);
    if (token === null) {
      unauthorized(response);
      return;
    }
    liveTokens.delete(token);
    answer(response, 200, { message: 'token_generated', data: { token: issueToken() } });
  }

  return {
    login,
    refresh,
    liveToken,
    logins: () => logins,
    refreshes: () => refreshes,
    revokeTokens: () => {
      liveTokens.clear();
    },
  };
}

export type StandInSignIn = ReturnType<typeof createStandInSignIn>;

// The operator's sign-in without a code, which the shop server calls after checking a contact
// Telegram signed: the same session the code gives, and only for the holder of the secret.
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  UserSchema,
  VerifyOtpResponseSchema,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { call, freshPhone, signIn } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

describe.each(DATABASE_KINDS)('trusted sign-in on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  const trusted = (body: unknown, secret: string | null = t.operatorSecret) =>
    call(t, 'POST', OPERATOR_PATHS.trustedSignIn, {
      body,
      headers: secret === null ? {} : { [OPERATOR_SECRET_HEADER]: secret },
    });

  it('signs a new phone in with no SMS: a working token and a new account', async () => {
    const phone = freshPhone();
    const answer = await trusted({ phone: phone.slice(1) });
    expect(answer.status).toBe(200);
    const signedIn = VerifyOtpResponseSchema.parse(answer.body);
    expect(signedIn.user.phone).toBe(phone);
    expect((await t.outbox()).filter((line) => line.phone === phone)).toHaveLength(0);
    const me = await call(t, 'GET', '/api/auth/user', { token: signedIn.access_token });
    expect(me.status).toBe(200);
    expect(UserSchema.parse(me.body).id).toBe(signedIn.user.id);
  });

  it('signs an existing account in as itself, beside its other sessions', async () => {
    const earlier = await signIn(t);
    const answer = await trusted({ phone: earlier.phone });
    const signedIn = VerifyOtpResponseSchema.parse(answer.body);
    expect(signedIn.user.id).toBe(earlier.userId);
    expect(signedIn.access_token).not.toBe(earlier.token);
    expect((await call(t, 'GET', '/api/auth/user', { token: earlier.token })).status).toBe(200);
  });

  it('refuses a missing or wrong secret, and signs nobody in', async () => {
    const phone = freshPhone();
    expect((await trusted({ phone }, null)).status).toBe(401);
    expect((await trusted({ phone }, 'wrong-'.repeat(5))).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toBeUndefined();
  });

  it('refuses what is not an Uzbek mobile number with 400', async () => {
    for (const body of [
      { phone: '+79161234567' },
      { phone: '+998712004001' },
      { phone: 12345 },
      {},
      { phone: freshPhone(), extra: 1 },
    ]) {
      const answer = await trusted(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is not served on the shoppers’ API', async () => {
    const answer = await call(t, 'POST', `/api${OPERATOR_PATHS.trustedSignIn}`, {
      body: { phone: freshPhone() },
    });
    expect(answer.status).toBe(404);
  });
});

import { createHash } from 'node:crypto';
import { SendOtpResponseSchema, UserSchema, VerifyOtpResponseSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, otpChallenges } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, freshPhone, lastCode, signIn, wrongCode } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('sign-in on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  const sendOtp = (phone: string, extra: object = {}, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/api/auth/send-otp', {
      body: { phone, user_type: 'null', ...extra },
      headers,
    });
  const verify = (phone: string, otp: string) =>
    call(t, 'POST', '/api/auth/verify-otp', { body: { phone, otp } });

  describe('send-otp', () => {
    it('sends a 5-digit code by SMS and says when it expires and when to resend', async () => {
      const phone = freshPhone();
      const answer = await sendOtp(phone);
      expect(answer.status).toBe(200);
      expect(SendOtpResponseSchema.parse(answer.body)).toMatchObject({
        resend_after: 60,
        expires_in: 300,
        code_length: 5,
      });
      const lines = (await t.outbox()).filter((line) => line.phone === phone);
      expect(lines).toHaveLength(1);
      expect(lines[0]?.at).toBe(t.clock.now().toISOString());
      expect(lines[0]?.text).toMatch(/\b\d{5}\b/);
    });

    it('accepts local spellings of the number and writes it normalised', async () => {
      const phone = freshPhone();
      const local = `${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`;
      expect((await sendOtp(local)).status).toBe(200);
      expect((await t.outbox()).some((line) => line.phone === phone)).toBe(true);
    });

    it('writes the SMS in the request language', async () => {
      const phone = freshPhone();
      await sendOtp(phone, {}, { 'x-lang': 'ru' });
      const text = (await t.outbox()).filter((line) => line.phone === phone).at(-1)?.text ?? '';
      expect(text).toContain('код');
    });

    it('refuses landlines and foreign numbers with a field error', async () => {
      for (const phone of ['+998 71 200 40 01', '+7 916 123 45 67', '12345', 'abc']) {
        const answer = await sendOtp(phone);
        expect(answer.status, phone).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'validation_error',
          details: [{ field: 'phone' }],
        });
      }
    });

    it('answers the same for a known number as for an unknown one', async () => {
      const known = await sendOtp(FIXTURES.legalUser.phone);
      const unknown = await sendOtp(freshPhone());
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    });

    it('refuses a resend within 60 s with retry_after, and allows it after', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      t.clock.advance(20_000);
      const early = await sendOtp(phone);
      expect(early.status).toBe(429);
      expect(early.body).toMatchObject({ code: 'otp_resend_too_soon', retry_after: 40 });
      expect(early.headers['retry-after']).toBe('40');
      t.clock.advance(40_000);
      expect((await sendOtp(phone)).status).toBe(200);
      expect((await t.outbox()).filter((line) => line.phone === phone)).toHaveLength(2);
    });

    it('allows at most 10 codes per phone per Tashkent day', async () => {
      const phone = freshPhone();
      // 10:00 in Tashkent.
      t.clock.set(new Date('2026-04-01T05:00:00Z'));
      for (let i = 0; i < 10; i += 1) {
        expect((await sendOtp(phone)).status).toBe(200);
        t.clock.advance(MINUTE);
      }
      const eleventh = await sendOtp(phone);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toMatchObject({ code: 'otp_daily_limit' });
      // Until midnight in Tashkent (19:00 UTC), 13:50 from now.
      expect((eleventh.body as { retry_after: number }).retry_after).toBe(13 * 3600 + 50 * 60);
      t.clock.set(new Date('2026-04-01T18:59:00Z'));
      expect((await sendOtp(phone)).status).toBe(429);
      t.clock.set(new Date('2026-04-01T19:00:00Z'));
      expect((await sendOtp(phone)).status).toBe(200);
    });
  });

  describe('verify-otp', () => {
    it('signs in a new number as an individual and stores only the token hash', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const answer = await verify(phone, await lastCode(t, phone));
      expect(answer.status).toBe(200);
      const body = VerifyOtpResponseSchema.parse(answer.body);
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(30 * 24 * 3600);
      expect(body.user).toMatchObject({ phone, user_type: 'individual', name: null });
      expect(Buffer.from(body.access_token, 'base64url')).toHaveLength(32);

      const stored = await t.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.userId, body.user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).toBe(
        createHash('sha256').update(body.access_token).digest('hex'),
      );
      expect(JSON.stringify(stored)).not.toContain(body.access_token);
      const [challenge] = await t.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.phone, phone));
      expect(JSON.stringify(challenge)).not.toContain(await lastCode(t, phone));
    });

    it('signs the seeded legal entity in as legal', async () => {
      t.clock.advance(10 * MINUTE);
      const { token } = await signIn(t, FIXTURES.legalUser.phone);
      const user = await call(t, 'GET', '/api/auth/user', { token });
      expect(UserSchema.parse(user.body)).toMatchObject({
        user_type: 'legal',
        company: FIXTURES.legalUser.company,
      });
    });

    it('does not accept a used code a second time', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const code = await lastCode(t, phone);
      expect((await verify(phone, code)).status).toBe(200);
      const again = await verify(phone, code);
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ code: 'otp_expired' });
    });

    it('expires the code after 5 minutes', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const code = await lastCode(t, phone);
      t.clock.advance(5 * MINUTE - 1000);
      const stillValid = await sendOtp(freshPhone()); // unrelated traffic does not matter
      expect(stillValid.status).toBe(200);
      t.clock.advance(1000);
      const late = await verify(phone, code);
      expect(late.status).toBe(422);
      expect(late.body).toMatchObject({ code: 'otp_expired' });
    });

    it('accepts the code just before it expires', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      t.clock.advance(5 * MINUTE - 1000);
      expect((await verify(phone, await lastCode(t, phone))).status).toBe(200);
    });

    it('counts wrong tries and burns the code on the fifth', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const code = await lastCode(t, phone);
      for (let left = 4; left >= 1; left -= 1) {
        const wrong = await verify(phone, wrongCode(code));
        expect(wrong.status).toBe(422);
        expect(wrong.body).toMatchObject({ code: 'otp_invalid', attempts_left: left });
      }
      const fifth = await verify(phone, wrongCode(code));
      expect(fifth.status).toBe(429);
      expect(fifth.body).toMatchObject({ code: 'otp_attempts_exceeded' });
      const right = await verify(phone, code);
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ code: 'otp_attempts_exceeded' });
    });

    it('does not reset the wrong-try count on a resend', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const first = await lastCode(t, phone);
      for (let i = 0; i < 3; i += 1)
        expect((await verify(phone, wrongCode(first))).status).toBe(422);
      t.clock.advance(61_000);
      expect((await sendOtp(phone)).status).toBe(200);
      const second = await lastCode(t, phone);
      const fourth = await verify(phone, wrongCode(second));
      expect(fourth.body).toMatchObject({ code: 'otp_invalid', attempts_left: 1 });
      expect((await verify(phone, wrongCode(second))).body).toMatchObject({
        code: 'otp_attempts_exceeded',
      });
      expect((await verify(phone, second)).body).toMatchObject({ code: 'otp_attempts_exceeded' });
    });

    it('only the latest code works after a resend', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const first = await lastCode(t, phone);
      t.clock.advance(61_000);
      await sendOtp(phone);
      const second = await lastCode(t, phone);
      if (first !== second) expect((await verify(phone, first)).status).toBe(422);
      expect((await verify(phone, second)).status).toBe(200);
    });

    it('gives a fresh challenge after a burned code once the resend window passed', async () => {
      const phone = freshPhone();
      await sendOtp(phone);
      const code = await lastCode(t, phone);
      for (let i = 0; i < 5; i += 1) await verify(phone, wrongCode(code));
      t.clock.advance(61_000);
      await sendOtp(phone);
      expect((await verify(phone, await lastCode(t, phone))).status).toBe(200);
    });

    it('refuses a code that was never sent, and malformed codes', async () => {
      expect((await verify(freshPhone(), '12345')).body).toMatchObject({ code: 'otp_expired' });
      for (const otp of ['1234', '123456', 'abcde', ' 12345']) {
        const answer = await verify(freshPhone(), otp);
        expect(answer.status, otp).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'validation_error',
          details: [{ field: 'otp' }],
        });
      }
    });
  });

  describe('wrong codes across codes and days', () => {
    const HOUR = 3600 * 1000;

    /** Sends a code and tries `tries` wrong ones; answers the last wrong try's answer. */
    async function wrongTries(phone: string, tries: number) {
      expect((await sendOtp(phone)).status).toBe(200);
      const code = await lastCode(t, phone);
      let last = await verify(phone, wrongCode(code));
      for (let i = 1; i < tries; i += 1) last = await verify(phone, wrongCode(code));
      return last;
    }

    const smsCount = async (phone: string) =>
      (await t.outbox()).filter((line) => line.phone === phone).length;

    it('counts wrong codes past a Tashkent midnight and then locks the phone for 24 hours', async () => {
      const phone = freshPhone();
      // 23:30 in Tashkent: five wrong tries burn the first code.
      t.clock.set(new Date('2026-06-01T18:30:00Z'));
      expect((await wrongTries(phone, 5)).body).toMatchObject({ code: 'otp_attempts_exceeded' });
      // 00:30 the next day in Tashkent: the daily code count starts over, the wrong ones do not.
      t.clock.set(new Date('2026-06-01T19:30:00Z'));
      await wrongTries(phone, 5);
      t.clock.advance(61_000);
      expect((await wrongTries(phone, 4)).body).toMatchObject({
        code: 'otp_invalid',
        attempts_left: 1,
      });

      const fifteenth = await verify(phone, '00000');
      expect(fifteenth.status).toBe(429);
      expect(fifteenth.body).toMatchObject({
        code: 'otp_attempts_exceeded',
        retry_after: 24 * 3600,
        details: [{ field: 'phone', rule: 'phone_locked' }],
      });
      const lockedAt = t.clock.now().getTime();

      // No code is sent, and none is checked, until the lock is over.
      t.clock.advance(61_000);
      const sends = await smsCount(phone);
      const send = await sendOtp(phone);
      expect(send.status).toBe(429);
      expect(send.body).toMatchObject({
        code: 'otp_attempts_exceeded',
        retry_after: 24 * 3600 - 61,
        details: [{ field: 'phone', rule: 'phone_locked' }],
      });
      expect(send.headers['retry-after']).toBe(String(24 * 3600 - 61));
      expect(await smsCount(phone)).toBe(sends);
      t.clock.set(new Date(lockedAt + 24 * HOUR - 1000));
      expect((await sendOtp(phone)).body).toMatchObject({ retry_after: 1 });
      expect((await verify(phone, '12345')).body).toMatchObject({ retry_after: 1 });

      t.clock.set(new Date(lockedAt + 24 * HOUR));
      expect((await sendOtp(phone)).status).toBe(200);
      expect((await verify(phone, await lastCode(t, phone))).status).toBe(200);
    });

    it('forgets wrong codes once they are 24 hours old', async () => {
      const phone = freshPhone();
      t.clock.set(new Date('2026-06-10T05:00:00Z'));
      await wrongTries(phone, 5);
      t.clock.advance(61_000);
      await wrongTries(phone, 5);
      t.clock.advance(61_000);
      await wrongTries(phone, 4);
      t.clock.advance(24 * HOUR);
      const fifth = await wrongTries(phone, 5);
      expect(fifth.body).toMatchObject({ code: 'otp_attempts_exceeded' });
      expect((fifth.body as { retry_after: number }).retry_after).toBeLessThanOrEqual(60);
      expect(fifth.body).not.toHaveProperty('details');
    });

    it('answers a locked phone with an account exactly like a locked one without', async () => {
      t.clock.set(new Date('2026-06-20T05:00:00Z'));
      const known = (await signIn(t)).phone;
      const unknown = freshPhone();
      const both = async (ask: (phone: string) => Promise<{ status: number; body: unknown }>) => {
        const [a, b] = [await ask(known), await ask(unknown)];
        expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
        return a;
      };
      for (let round = 0; round < 3; round += 1) {
        await both((phone) => sendOtp(phone));
        for (let i = 0; i < 5; i += 1) await both((phone) => verify(phone, '00000'));
        t.clock.advance(61_000);
      }
      expect((await both((phone) => sendOtp(phone))).body).toMatchObject({
        details: [{ rule: 'phone_locked' }],
      });
      expect((await both((phone) => verify(phone, '00000'))).status).toBe(429);
    });
  });

  describe('tokens and profile', () => {
    it('answers the user for a valid token and 401 for a missing, malformed or unknown one', async () => {
      const { token, phone } = await signIn(t);
      const ok = await call(t, 'GET', '/api/auth/user', { token });
      expect(ok.status).toBe(200);
      expect(UserSchema.parse(ok.body).phone).toBe(phone);
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: `Basic ${token}` },
        { authorization: `Bearer ${token}x` },
        { authorization: 'Bearer ' + 'A'.repeat(43) },
      ] as Record<string, string>[]) {
        const answer = await call(t, 'GET', '/api/auth/user', { headers });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('revokes the token on logout at once', async () => {
      const { token } = await signIn(t);
      const out = await call(t, 'POST', '/api/auth/logout', { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out' });
      expect((await call(t, 'GET', '/api/auth/user', { token })).status).toBe(401);
      expect((await call(t, 'POST', '/api/auth/logout', { token })).status).toBe(401);
    });

    it('expires the token after 30 days', async () => {
      const { token } = await signIn(t);
      t.clock.advance(30 * 24 * 3600 * 1000 - 120_000);
      expect((await call(t, 'GET', '/api/auth/user', { token })).status).toBe(200);
      t.clock.advance(120_000);
      expect((await call(t, 'GET', '/api/auth/user', { token })).status).toBe(401);
    });

    it('keeps other sessions of the same user when one logs out', async () => {
      const first = await signIn(t);
      const second = await signIn(t, first.phone);
      await call(t, 'POST', '/api/auth/logout', { token: first.token });
      expect((await call(t, 'GET', '/api/auth/user', { token: second.token })).status).toBe(200);
    });

    it('updates name, surname and email', async () => {
      const { token } = await signIn(t);
      const updated = await call(t, 'PUT', '/api/profile', {
        token,
        body: { name: ' Nodira ', surname: 'Yusupova', email: 'nodira@example.uz' },
      });
      expect(updated.status).toBe(200);
      expect(UserSchema.parse(updated.body)).toMatchObject({
        name: 'Nodira',
        surname: 'Yusupova',
        email: 'nodira@example.uz',
      });
      const kept = await call(t, 'PUT', '/api/profile', {
        token,
        body: { name: 'Nodira', surname: 'Yusupova' },
      });
      expect(kept.body).toMatchObject({ email: 'nodira@example.uz' });
      const cleared = await call(t, 'PUT', '/api/profile', {
        token,
        body: { name: 'Nodira', surname: 'Yusupova', email: null },
      });
      expect(cleared.body).toMatchObject({ email: null });
      expect((await call(t, 'GET', '/api/auth/user', { token })).body).toMatchObject({
        name: 'Nodira',
      });
    });

    it('refuses a bad profile with per-field details and needs a token', async () => {
      const { token } = await signIn(t);
      const bad = await call(t, 'PUT', '/api/profile', {
        token,
        body: { name: '', surname: 'x'.repeat(61), email: 'not-an-email', phone: '+998901234567' },
      });
      expect(bad.status).toBe(400);
      const fields = (bad.body as { details: { field: string }[] }).details.map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'surname', 'email']));
      expect(
        (await call(t, 'PUT', '/api/profile', { body: { name: 'A', surname: 'B' } })).status,
      ).toBe(401);
    });
  });
});

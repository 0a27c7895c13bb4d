// Sign-in codes sent through the real Eskiz adapter to the local Eskiz stand-in, seen from the
// shopper's call: a code that went out signs in; a code the gateway refused or never took answers
// sms_unavailable (the webapp's "We could not send the code, try again in a minute") at once, and
// leaves the phone's daily count, resend wait and previous code as they were.
import { ERROR_STATUS } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../db/schema';
import { createEskizSmsProvider } from '../sms/eskiz/eskiz-provider';
import { startEskizStandIn, type EskizStandIn } from '../sms/eskiz/stand-in/eskiz-stand-in';
import { STAND_IN_NUMBERS } from '../sms/eskiz/stand-in/stand-in-numbers';
import { SMS_TEMPLATES } from '../sms/sms-texts';
import { call, freshPhone } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const ACCOUNT = { email: 'shop@example.uz', password: 'stand-in-password' };

describe.each(DATABASE_KINDS)('sign-in codes through Eskiz on %s', (kind) => {
  let t: TestBackend;
  let eskiz: EskizStandIn;
  beforeAll(async () => {
    // The English text was never submitted for approval: Eskiz refuses it, as a live account would.
    eskiz = await startEskizStandIn({
      ...ACCOUNT,
      approvedTemplates: [SMS_TEMPLATES.signInCode.uz, SMS_TEMPLATES.signInCode.ru],
      slowMs: 30_000,
    });
    // Node loads its fetch on first use, which on a busy machine can take most of a deadline.
    await fetch(eskiz.url.replace(/\/api$/, '/'));
    t = await createTestBackend({
      kind,
      signInSms: (clock) =>
        createEskizSmsProvider(
          { ...ACCOUNT, apiUrl: eskiz.url, from: '4546', timeoutMs: 3000 },
          { now: clock.now },
        ),
    });
  });
  afterAll(async () => {
    await t.close();
    await eskiz.close();
  });

  const sendOtp = (phone: string, lang = 'uz') =>
    call(t, 'POST', '/api/auth/send-otp', {
      body: { phone, user_type: 'null' },
      headers: { 'x-lang': lang },
    });
  const verify = (phone: string, otp: string) =>
    call(t, 'POST', '/api/auth/verify-otp', { body: { phone, otp } });
  const challenge = async (phone: string) => {
    const [row] = await t.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone));
    return row;
  };
  const codeSentTo = (phone: string) => {
    const sms = eskiz.accepted().filter((line) => `+${line.mobilePhone}` === phone);
    return /\b(\d{5})\b/.exec(sms.at(-1)?.message ?? '')?.[1] ?? 'none';
  };

  it('signs in with the code Eskiz delivered', async () => {
    const phone = freshPhone();
    const sent = await sendOtp(phone, 'ru');
    expect(t.logs.filter((entry) => entry.includes('not sent'))).toEqual([]);
    expect(sent.status).toBe(200);
    expect(eskiz.accepted().at(-1)?.message).toContain('код для входа');
    const signedIn = await verify(phone, codeSentTo(phone));
    expect(signedIn.status).toBe(200);
  });

  it.each([
    ['refuses the number', STAND_IN_NUMBERS.badNumber],
    ['has no balance', STAND_IN_NUMBERS.noBalance],
    ['fails twice (5xx)', STAND_IN_NUMBERS.serverError],
    ['does not answer in time', STAND_IN_NUMBERS.slow],
  ])(
    'when Eskiz %s, the shopper is told to try again and nothing is counted',
    async (_, digits) => {
      const phone = `+${digits}`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        // Twice in a row: no resend wait was started by the first, so the second is tried too.
        const answer = await sendOtp(phone);
        expect(answer.status).toBe(ERROR_STATUS.sms_unavailable);
        expect(answer.body).toMatchObject({ code: 'sms_unavailable', retry_after: 60 });
      }
      expect(await challenge(phone)).toMatchObject({ sendsToday: 0, lastSentAt: null });
    },
  );

  it('never lets failed sends use up the day: the eleventh still reaches Eskiz', async () => {
    const phone = `+${STAND_IN_NUMBERS.serverError}`;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      expect((await sendOtp(phone)).body).toMatchObject({ code: 'sms_unavailable' });
    }
    expect((await challenge(phone))?.sendsToday).toBe(0);
  });

  it('keeps the code already sent when a new one is refused (a text not approved)', async () => {
    const phone = freshPhone();
    expect((await sendOtp(phone, 'uz')).status).toBe(200);
    const firstCode = codeSentTo(phone);
    t.clock.advance(61_000);
    const refused = await sendOtp(phone, 'en');
    expect(refused.body).toMatchObject({ code: 'sms_unavailable' });
    expect((await challenge(phone))?.sendsToday).toBe(1);
    expect((await verify(phone, firstCode)).status).toBe(200);
  });

  it('tells the operator why, without the number in full or the token', async () => {
    await sendOtp(`+${STAND_IN_NUMBERS.noBalance}`);
    const line = t.logs.find((entry) => entry.includes('Insufficient balance'));
    expect(line).toContain('the SMS gateway refused it');
    expect(line).toContain('+99899*****02');
    expect(line).not.toContain(STAND_IN_NUMBERS.noBalance);
    expect(t.logs.join('\n')).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});

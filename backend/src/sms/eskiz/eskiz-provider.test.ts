// The Eskiz adapter against the local Eskiz stand-in, over real HTTP on this machine: the token's
// life (sign-in, reuse, refresh before its end, renewal on a 401), the answers that are final and
// those tried once more, and the deadline a stalling gateway runs into.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SmsNotSent, type SmsProvider } from '../sms-provider';
import { signInCodeText } from '../sms-texts';
import { createEskizSmsProvider } from './eskiz-provider';
import {
  startEskizStandIn,
  type EskizStandIn,
  type EskizStandInOptions,
} from './stand-in/eskiz-stand-in';
import { STAND_IN_NUMBERS } from './stand-in/stand-in-numbers';

const ACCOUNT = { email: 'shop@example.uz', password: 'stand-in-password' };
const CODE_TEXT = signInCodeText('uz', '12345');
const PHONE = '+998901112233';

let now = new Date('2026-03-10T06:00:00.000Z').getTime();
const clock = {
  now: () => new Date(now),
  advance: (ms: number) => {
    now += ms;
  },
};

const open: EskizStandIn[] = [];
beforeAll(async () => {
  // Node loads its fetch on first use, which on a busy machine can take most of a deadline.
  const standIn = await startEskizStandIn(ACCOUNT);
  await fetch(standIn.url.replace(/\/api$/, '/'));
  await standIn.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((standIn) => standIn.close()));
});

async function standInAndSender(
  standInOptions: Partial<EskizStandInOptions> = {},
  senderOptions: { timeoutMs?: number; password?: string } = {},
): Promise<{ standIn: EskizStandIn; sms: SmsProvider }> {
  const standIn = await startEskizStandIn({ ...ACCOUNT, now: clock.now, ...standInOptions });
  open.push(standIn);
  const sms = createEskizSmsProvider(
    {
      apiUrl: standIn.url,
      email: ACCOUNT.email,
      password: senderOptions.password ?? ACCOUNT.password,
      from: '4546',
      timeoutMs: senderOptions.timeoutMs ?? 4000,
    },
    { now: clock.now },
  );
  return { standIn, sms };
}

/** The SmsNotSent a send rejected with. */
async function failureOf(sending: Promise<void>): Promise<SmsNotSent> {
  const error: unknown = await sending.then(
    () => new Error('sent'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof SmsNotSent)) throw new Error(`Expected SmsNotSent, got ${String(error)}`);
  return error;
}

describe('sending through Eskiz', () => {
  it('signs in once, then sends each message with the number without "+", the text and the sender', async () => {
    const { standIn, sms } = await standInAndSender();
    await sms.send(PHONE, CODE_TEXT);
    await sms.send('+998901112244', signInCodeText('ru', '54321'));
    expect(standIn.accepted()).toEqual([
      expect.objectContaining({ mobilePhone: '998901112233', message: CODE_TEXT, from: '4546' }),
      expect.objectContaining({
        mobilePhone: '998901112244',
        message: signInCodeText('ru', '54321'),
      }),
    ]);
    expect(standIn.logins()).toBe(1);
  });

  it('shares one sign-in among sends that start together', async () => {
    const { standIn, sms } = await standInAndSender();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        sms.send(`+9989011100${String(index).padStart(2, '0')}`, CODE_TEXT),
      ),
    );
    expect(standIn.accepted()).toHaveLength(12);
    expect(standIn.logins()).toBe(1);
  });

  it('refreshes the token in the last part of its life, before Eskiz would refuse it', async () => {
    const { standIn, sms } = await standInAndSender({ tokenLifetimeMs: 60_000 });
    await sms.send(PHONE, CODE_TEXT);
    clock.advance(50_000);
    await sms.send(PHONE, CODE_TEXT);
    expect(standIn.refreshes()).toBe(1);
    expect(standIn.logins()).toBe(1);
    // No send was answered 401: each reached Eskiz once, with a token it took.
    expect(standIn.sendsTo('998901112233')).toBe(2);
    expect(standIn.accepted()).toHaveLength(2);
  });

  it('signs in afresh once the token has ended unused', async () => {
    const { standIn, sms } = await standInAndSender({ tokenLifetimeMs: 60_000 });
    await sms.send(PHONE, CODE_TEXT);
    clock.advance(61_000);
    await sms.send(PHONE, CODE_TEXT);
    expect(standIn.logins()).toBe(2);
    expect(standIn.sendsTo('998901112233')).toBe(2);
  });

  it('renews a token Eskiz stops taking mid-life (401) and sends that message once more', async () => {
    const { standIn, sms } = await standInAndSender();
    await sms.send(PHONE, CODE_TEXT);
    standIn.revokeTokens();
    await sms.send(PHONE, CODE_TEXT);
    // The 401, the refresh Eskiz also refuses, a new sign-in, and the message sent again.
    expect(standIn.refreshes()).toBe(1);
    expect(standIn.logins()).toBe(2);
    expect(standIn.sendsTo('998901112233')).toBe(3);
    expect(standIn.accepted()).toHaveLength(2);
  });

  it('renews once for many sends that meet the same 401', async () => {
    const { standIn, sms } = await standInAndSender();
    await sms.send(PHONE, CODE_TEXT);
    standIn.revokeTokens();
    await Promise.all(Array.from({ length: 6 }, () => sms.send(PHONE, CODE_TEXT)));
    expect(standIn.logins()).toBe(2);
    expect(standIn.accepted()).toHaveLength(7);
  });

  it.each([
    ['a number Eskiz finds invalid', STAND_IN_NUMBERS.badNumber, CODE_TEXT, /invalid/],
    ['no balance left', STAND_IN_NUMBERS.noBalance, CODE_TEXT, /balance/],
    ['a text no template approves', '998901112233', 'Uy Shop: buy now!', /approved/],
  ])('takes a refusal (%s) as final: not retried', async (_case, mobilePhone, text, words) => {
    const { standIn, sms } = await standInAndSender();
    const failure = await failureOf(sms.send(`+${mobilePhone}`, text));
    expect(failure.kind).toBe('refused');
    expect(failure.reason).toMatch(/^Eskiz send: 400 /);
    expect(failure.reason).toMatch(words);
    expect(standIn.sendsTo(mobilePhone)).toBe(1);
    expect(standIn.accepted()).toEqual([]);
  });

  it('refuses a number that is not Uzbek without asking Eskiz', async () => {
    const { standIn, sms } = await standInAndSender();
    const failure = await failureOf(sms.send('+79161234567', CODE_TEXT));
    expect(failure.kind).toBe('refused');
    expect(standIn.logins()).toBe(0);
  });

  it('tries a failing send (5xx) once more, and gives up after that', async () => {
    const { standIn, sms } = await standInAndSender();
    const failure = await failureOf(sms.send(`+${STAND_IN_NUMBERS.serverError}`, CODE_TEXT));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toMatch(/^Eskiz send: 500/);
    expect(standIn.sendsTo(STAND_IN_NUMBERS.serverError)).toBe(2);
  });

  it('delivers when the second try goes through', async () => {
    const { standIn, sms } = await standInAndSender();
    await sms.send(`+${STAND_IN_NUMBERS.flaky}`, CODE_TEXT);
    expect(standIn.sendsTo(STAND_IN_NUMBERS.flaky)).toBe(2);
    expect(standIn.accepted()).toEqual([
      expect.objectContaining({ mobilePhone: STAND_IN_NUMBERS.flaky }),
    ]);
  });

  it('ends a send that stalls at its deadline instead of hanging', async () => {
    const { standIn, sms } = await standInAndSender({ slowMs: 30_000 }, { timeoutMs: 1000 });
    await sms.send(PHONE, CODE_TEXT); // signed in, so only the send itself stalls
    const failure = await failureOf(sms.send(`+${STAND_IN_NUMBERS.slow}`, CODE_TEXT));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toBe('Eskiz send: no answer in time');
    expect(standIn.sendsTo(STAND_IN_NUMBERS.slow)).toBeGreaterThanOrEqual(1);
  });

  it('fails on wrong credentials without signing in again and again', async () => {
    const { standIn, sms } = await standInAndSender({}, { password: 'not-the-password' });
    const failure = await failureOf(sms.send(PHONE, CODE_TEXT));
    expect(failure.kind).toBe('refused');
    expect(failure.reason).toBe('Eskiz sign-in: 401 Invalid credentials');
    expect(standIn.logins()).toBe(1);
  });

  it('reports Eskiz out of reach as unavailable', async () => {
    const { standIn, sms } = await standInAndSender();
    await standIn.close();
    const failure = await failureOf(sms.send(PHONE, CODE_TEXT));
    expect(failure.kind).toBe('unavailable');
    expect(failure.reason).toMatch(/^Eskiz sign-in: /);
  });

  it('never puts the token in what it reports', async () => {
    const { standIn, sms } = await standInAndSender();
    await sms.send(PHONE, CODE_TEXT);
    standIn.revokeTokens();
    const failure = await failureOf(sms.send(`+${STAND_IN_NUMBERS.noBalance}`, CODE_TEXT));
    expect(`${failure.message} ${failure.reason}`).not.toMatch(/eyJ/);
  });
});

// A signed-in shopper for screens that need one: the real send-otp and verify-otp calls, with the
// code the shop's SMS stand-in wrote to its outbox, as a shopper types it from the SMS; and the
// codes the card processor's sandbox texts (to the same outbox) when a card is added.
import { readFile } from 'node:fs/promises';
import { inject, vi } from 'vitest';
import type { AppServices } from '../lib/services/services';

interface OutboxLine {
  phone: string;
  text: string;
}

function isOutboxLine(value: unknown): value is OutboxLine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'phone' in value &&
    typeof value.phone === 'string' &&
    'text' in value &&
    typeof value.text === 'string'
  );
}

async function outbox(): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(`${inject('shopDataDir')}/outbox/sms.jsonl`, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line): unknown => JSON.parse(line))
    .filter(isOutboxLine);
}

/** The newest sign-in code (five digits) the shop texted to `phone`. */
export async function latestSignInCode(phone: string): Promise<string> {
  return vi.waitFor(async () => {
    const text = (await outbox()).filter((line) => line.phone === phone).at(-1)?.text ?? '';
    const code = /\b(\d{5})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no sign-in code for ${phone} yet`);
    return code;
  });
}

/**
 * Fresh Uzbek mobile numbers for one test file: `+99890<lane><n>`, `lane` (two digits) kept for
 * that file alone, so files running at once on the one shop server never share an account or
 * its per-phone limits.
 */
export function phoneSeries(lane: number): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `+99890${String(lane).padStart(2, '0')}${String(next).padStart(5, '0')}`;
  };
}

/** Signs `phone` in as the sign-in page does: code sent, read from the SMS, verified. */
export async function signIn(services: AppServices, phone: string): Promise<void> {
  await services.api.call('sendOtp', { body: { phone } });
  const otp = await latestSignInCode(phone);
  const answer = await services.api.call('verifyOtp', { body: { phone, otp } });
  await services.auth.getState().signIn(answer.access_token, answer.user);
}

/** The newest code (six digits) the card's bank texted for the card ending in `last4`. */
export async function latestCardCode(last4: string): Promise<string> {
  return vi.waitFor(async () => {
    const text = (await outbox()).filter((line) => line.phone.endsWith(last4)).at(-1)?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no card code for …${last4} yet`);
    return code;
  });
}

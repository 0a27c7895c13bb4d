// The check of what Telegram signs with the bot token: a shared contact (requestContact) and init
// data use the same scheme, so one check serves both.
import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from '../testing/fake-bot-api';
import { signContact } from '../testing/signed-contact';
import {
  SIGNED_DATA_CLOCK_SKEW_SECONDS,
  SignedDataError,
  checkSharedContact,
  checkSignedData,
  initDataUser,
} from './signed-data';

const OTHER_BOT_TOKEN = '7000000002:AAAnotherBotsTokenForTests_abcdefg';
const NOW = new Date('2026-11-27T09:00:00Z');
const MAX_AGE = 3600;
const options = { maxAgeSeconds: MAX_AGE, now: () => NOW };
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const CONTACT = { user_id: 777000111, phone_number: '998901234567', first_name: 'Dilnoza' };

function fault(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof SignedDataError ? error.fault : 'other';
  }
}

describe('a shared contact', () => {
  it('is read when this bot signed it moments ago', () => {
    const raw = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(5));
    expect(checkSharedContact(raw, TEST_BOT_TOKEN, options)).toEqual({
      userId: 777000111,
      phoneNumber: '998901234567',
      hash: new URLSearchParams(raw).get('hash'),
      signedAt: new Date(Math.floor(secondsAgo(5).getTime() / 1000) * 1000),
    });
  });

  it('is named by one hash however it is written, and refused with a second hash', () => {
    const raw = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(5));
    const { hash } = checkSharedContact(raw, TEST_BOT_TOKEN, options);
    const reordered = new URLSearchParams([...new URLSearchParams(raw)].reverse()).toString();
    expect(checkSharedContact(reordered, TEST_BOT_TOKEN, options).hash).toBe(hash);
    // The signature check reads the last hash: one put in front would name the data anew.
    for (const doubled of [`hash=${'0'.repeat(64)}&${raw}`, `${raw}&hash=${hash}`]) {
      expect(
        fault(() => checkSharedContact(doubled, TEST_BOT_TOKEN, options)),
        doubled,
      ).toBe('invalid');
    }
  });

  it('is refused when forged: another number or user under the old hash', () => {
    const raw = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(5));
    const otherNumber = raw.replace('998901234567', '998901234568');
    const otherUser = raw.replace('777000111', '777000112');
    const noHash = raw.replace(/&hash=[0-9a-f]+/, '');
    const badHash = raw.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    for (const forged of [otherNumber, otherUser, noHash, badHash, '', 'contact=%7B%7D']) {
      expect(
        fault(() => checkSharedContact(forged, TEST_BOT_TOKEN, options)),
        forged,
      ).toBe('invalid');
    }
  });

  it('is refused when another bot signed it', () => {
    const raw = signContact(CONTACT, OTHER_BOT_TOKEN, secondsAgo(5));
    expect(fault(() => checkSharedContact(raw, TEST_BOT_TOKEN, options))).toBe('invalid');
  });

  it('is refused when older than the init data window, or dated ahead of the clock', () => {
    const stale = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(MAX_AGE + 1));
    expect(fault(() => checkSharedContact(stale, TEST_BOT_TOKEN, options))).toBe('stale');
    const edge = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(MAX_AGE - 1));
    expect(fault(() => checkSharedContact(edge, TEST_BOT_TOKEN, options))).toBeNull();
    const ahead = signContact(
      CONTACT,
      TEST_BOT_TOKEN,
      secondsAgo(-(SIGNED_DATA_CLOCK_SKEW_SECONDS + 5)),
    );
    expect(fault(() => checkSharedContact(ahead, TEST_BOT_TOKEN, options))).toBe('future');
    const skewed = signContact(CONTACT, TEST_BOT_TOKEN, secondsAgo(-10));
    expect(fault(() => checkSharedContact(skewed, TEST_BOT_TOKEN, options))).toBeNull();
  });

  it('is refused when signed but carrying no contact, or an unreadable one', () => {
    const initData = sign({ user: { id: 777000111, first_name: 'D' } }, TEST_BOT_TOKEN, NOW);
    expect(fault(() => checkSharedContact(initData, TEST_BOT_TOKEN, options))).toBe('invalid');
    const noPhone = signContact(
      { user_id: 777000111, phone_number: '' },
      TEST_BOT_TOKEN,
      secondsAgo(1),
    );
    expect(fault(() => checkSharedContact(noPhone, TEST_BOT_TOKEN, options))).toBe('invalid');
  });
});

describe('init data', () => {
  it('passes the same check and names its user, with write access when allowed', () => {
    const raw = sign(
      {
        user: { id: 5, first_name: 'D', language_code: 'ru', allows_write_to_pm: true },
      },
      TEST_BOT_TOKEN,
      secondsAgo(5),
    );
    expect(initDataUser(checkSignedData(raw, TEST_BOT_TOKEN, options))).toEqual({
      id: 5,
      languageCode: 'ru',
      allowsWriteToPm: true,
    });
    const withoutWrite = sign({ user: { id: 6, first_name: 'D' } }, TEST_BOT_TOKEN, secondsAgo(5));
    expect(initDataUser(checkSignedData(withoutWrite, TEST_BOT_TOKEN, options))).toMatchObject({
      allowsWriteToPm: false,
    });
  });
});

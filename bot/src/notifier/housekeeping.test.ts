import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, startFakeBotApi, type FakeBotApi } from '../testing/fake-bot-api';
import { QUIET_LOGGER, testNotifier } from '../testing/notifier-stand';
import { waitFor } from '../testing/order-events';
import { hashLinkToken, newLinkToken } from '../telegram-account/link-tokens';
import {
  EXPIRED_LINK_TOKENS_KEPT_MS,
  EXPIRED_SPENT_CONTACTS_KEPT_MS,
  PROCESSED_UPDATES_KEPT_MS,
} from './sender';
import { openNotifierStore, type NotifierStore } from './store';

/**
 * Old handled update ids, long-expired link tokens and spent contacts are deleted by the sender
 * now and then.
 */

const DAY = 24 * 3600_000;

let store: NotifierStore;
let api: FakeBotApi;
beforeAll(async () => {
  store = await openNotifierStore({});
  api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  // PGlite takes seconds to start, more on a loaded machine.
}, 120_000);
afterAll(async () => {
  await store.close();
  await api.close();
});

describe('pruning', () => {
  it('the store deletes update ids received before a time, and only those', async () => {
    const now = Date.now();
    await store.rememberUpdate(1001, new Date(now - 8 * DAY));
    await store.rememberUpdate(1002, new Date(now - 6 * DAY));
    expect(await store.pruneProcessedUpdates(new Date(now - 7 * DAY))).toBe(1);
    // 1001 is forgotten (seen again as new), 1002 is still a repeat.
    expect(await store.rememberUpdate(1001, new Date(now))).toBe(true);
    expect(await store.rememberUpdate(1002, new Date(now))).toBe(false);
  });

  it('the store deletes spent contacts that expired before a time, and only those', async () => {
    const now = Date.now();
    const spent = (hash: string, expiresAt: number) =>
      store.spendContact({ hash, telegramUserId: 77, expiresAt: new Date(expiresAt) }, new Date());
    expect(await spent('contact-a', now - 2 * DAY)).toBe(true);
    expect(await spent('contact-b', now)).toBe(true);
    expect(await spent('contact-a', now - 2 * DAY)).toBe(false);
    expect(await store.pruneSpentContacts(new Date(now - DAY))).toBe(1);
    // a is forgotten (spent anew), b is still spent.
    expect(await spent('contact-a', now)).toBe(true);
    expect(await spent('contact-b', now)).toBe(false);
  });

  it('the sender prunes at start and then every interval, by its clock', async () => {
    let now = new Date('2026-12-01T00:00:00.000Z');
    const kept = PROCESSED_UPDATES_KEPT_MS;
    const spentContact = (hash: string, expiredAgo: number) => ({
      hash,
      telegramUserId: 78,
      expiresAt: new Date(now.getTime() - expiredAgo),
    });
    const oldContact = spentContact('old-contact', EXPIRED_SPENT_CONTACTS_KEPT_MS + 1000);
    const recentContact = spentContact('recent-contact', EXPIRED_SPENT_CONTACTS_KEPT_MS - 60_000);
    expect(await store.spendContact(oldContact, now)).toBe(true);
    expect(await store.spendContact(recentContact, now)).toBe(true);
    await store.rememberUpdate(2001, new Date(now.getTime() - kept - 1000));
    await store.rememberUpdate(2002, new Date(now.getTime() - kept + 3600_000));
    const oldToken = newLinkToken();
    await store.createLinkToken(
      {
        hash: hashLinkToken(oldToken),
        userId: 901,
        expiresAt: new Date(now.getTime() - EXPIRED_LINK_TOKENS_KEPT_MS - 1000),
      },
      new Date(now.getTime() - EXPIRED_LINK_TOKENS_KEPT_MS - 601_000),
    );
    const notifier = testNotifier({
      store,
      apiRoot: api.apiRoot,
      now: () => now,
      sender: { pollIntervalMs: 20, pruneIntervalMs: 3600_000 },
    });
    notifier.start(QUIET_LOGGER);
    try {
      // rememberUpdate answers true (and records the id again) only once the id was pruned.
      await waitFor('2001 pruned', () => store.rememberUpdate(2001, now));
      expect(await store.rememberUpdate(2002, now)).toBe(false);
      // A long-expired token is gone: Start with it is "unknown" now, not "expired".
      expect(
        await store.redeemLinkToken(
          { hash: hashLinkToken(oldToken), chatId: 7001, language: 'en' },
          now,
        ),
      ).toEqual({ kind: 'unknown' });
      // A contact long past its trust is forgotten; one that only just expired is still spent.
      await waitFor('the old contact pruned', () => store.spendContact(oldContact, now));
      expect(await store.spendContact(recentContact, now)).toBe(false);
      // Two hours on, 2002 is old enough, and the next round deletes it.
      now = new Date(now.getTime() + 2 * 3600_000);
      await waitFor('2002 pruned', () => store.rememberUpdate(2002, now));
    } finally {
      await notifier.stop();
    }
  });
});

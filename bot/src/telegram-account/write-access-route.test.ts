// Whether order messages can reach a chat: init data without `allows_write_to_pm` (the shopper
// never started the bot) links the chat as unreachable, a refusal of write access keeps it so, an
// allowance makes it reachable; an unreachable chat gets no order messages, like after a 403.
import { TelegramLinkStatusSchema } from '@shop/shared';
import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from '../testing/fake-bot-api';
import { placedEvent, sampleOrder } from '../testing/order-events';
import { startNotifierStand, type NotifierStand } from '../testing/relay-stand';

let stand: NotifierStand;

beforeAll(async () => {
  stand = await startNotifierStand({
    telegramLink: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 3600 },
  });
}, 180_000);

afterAll(async () => {
  await stand.close();
}, 60_000);

function initData(userId: number, allowsWrite: boolean, token = TEST_BOT_TOKEN): string {
  return sign(
    {
      user: {
        id: userId,
        first_name: 'Dilnoza',
        language_code: 'uz',
        ...(allowsWrite ? { allows_write_to_pm: true } : {}),
      },
    },
    token,
    new Date(Date.now() - 5000),
  );
}

const post = (url: string, payload: object, token?: string) =>
  stand.stand.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function status(token: string) {
  const answer = await stand.stand.app.inject({
    url: '/tg/link',
    headers: { authorization: `Bearer ${token}` },
  });
  return TelegramLinkStatusSchema.parse(answer.json());
}

async function sendsFor(userId: number, orderNumber: string): Promise<number[]> {
  const event = placedEvent(userId, sampleOrder(orderNumber));
  await stand.store.recordEvents([event], new Date());
  return (await stand.store.sends()).filter((s) => s.eventId === event.id).map((s) => s.chatId);
}

describe('write access', () => {
  it('a chat that never allowed the bot is linked unreachable, then reachable once allowed', async () => {
    const shopper = await stand.stand.signIn('+998901238001');
    const launch = initData(7_000_001, false);
    expect((await post('/tg/link', { init_data: launch }, shopper.token)).statusCode).toBe(200);
    expect(await stand.store.chat(7_000_001)).toMatchObject({ blocked: true });
    expect(await status(shopper.token)).toMatchObject({ linked: false, unreachable: true });
    expect(await sendsFor(shopper.id, 'W-1')).toEqual([]);

    // Asked, the shopper refuses: still off.
    const refused = await post('/tg/write-access', { init_data: launch, allowed: false });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ reachable: false });
    expect(await sendsFor(shopper.id, 'W-2')).toEqual([]);

    // Asked again, the shopper allows: the next order's message goes to the chat.
    const allowed = await post('/tg/write-access', { init_data: launch, allowed: true });
    expect(allowed.json()).toEqual({ reachable: true });
    expect(await status(shopper.token)).toMatchObject({ linked: true, unreachable: false });
    expect(await sendsFor(shopper.id, 'W-3')).toEqual([7_000_001]);
  });

  it('a refusal after the shopper had allowed it turns the updates off', async () => {
    const shopper = await stand.stand.signIn('+998901238002');
    const launch = initData(7_000_002, true);
    await post('/tg/link', { init_data: launch }, shopper.token);
    expect(await status(shopper.token)).toMatchObject({ linked: true, unreachable: false });
    await post('/tg/write-access', { init_data: launch, allowed: false });
    expect(await status(shopper.token)).toMatchObject({ linked: false, unreachable: true });
    expect(await sendsFor(shopper.id, 'W-4')).toEqual([]);
  });

  it('refuses init data it cannot trust and a body out of shape, changing nothing', async () => {
    const shopper = await stand.stand.signIn('+998901238003');
    await post('/tg/link', { init_data: initData(7_000_003, true) }, shopper.token);
    const otherBot = initData(7_000_003, true, '7000000002:AAAnotherBotsTokenForTests_abcdefg');
    expect(
      (await post('/tg/write-access', { init_data: otherBot, allowed: false })).statusCode,
    ).toBe(401);
    const forged = initData(7_000_004, true).replace('7000004', '7000003');
    expect((await post('/tg/write-access', { init_data: forged, allowed: false })).statusCode).toBe(
      401,
    );
    const launch = initData(7_000_003, true);
    for (const body of [{ init_data: launch }, { init_data: launch, allowed: 'no' }, {}]) {
      expect((await post('/tg/write-access', body)).statusCode).toBe(400);
    }
    expect(await stand.store.chat(7_000_003)).toMatchObject({ blocked: false });
    // A chat the shop never saw is not made up.
    await post('/tg/write-access', { init_data: initData(7_000_005, false), allowed: false });
    expect(await stand.store.chat(7_000_005)).toBeNull();
  });
});

// /open and /order in the staff chat: the open orders by status, a card posted again (later edits
// go to it), and no answer to anyone but staff in the staff chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/order-events';
import {
  ALI,
  STAFF_CHAT,
  STRANGER,
  VALI,
  startStaffStand,
  type StaffStand,
} from '../testing/staff-stand';

let t: StaffStand;
beforeAll(async () => {
  t = await startStaffStand();
}, 180_000);
afterAll(async () => {
  await t.close();
}, 60_000);

describe('staff commands', () => {
  it('/open lists open orders by status with a button each that posts the card again', async () => {
    const first = await t.placeOrder();
    const second = await t.placeOrder();
    const firstCard = await t.cardOf(first.number);
    await t.cardOf(second.number);
    await t.press(ALI, firstCard, `m:${first.number}:n:c`);
    await t.cardShows(firstCard, 'Status: <b>confirmed</b>');
    const [list] = await t.say(ALI, '/open');
    expect(list).toContain('Open orders');
    expect(list?.indexOf(`new:\n№${second.number}`)).toBeGreaterThan(-1);
    expect(list?.indexOf(`confirmed:\n№${first.number}`)).toBeGreaterThan(-1);
    const listed = t.api
      .callsOf('sendMessage')
      .filter((c) => String(c.payload.text) === list)
      .at(-1);
    const data = JSON.stringify(listed?.payload.reply_markup);
    expect(data).toContain(`"o:${first.number}"`);
    expect(data).toContain(`"o:${second.number}"`);
    // Pressing one posts that order's card anew; later edits go to the new card.
    expect(await t.press(VALI, 1, `o:${first.number}`)).toBe('The order card is on its way.');
    await waitFor(
      'the new card',
      async () => (await t.stand.store.staffCardMessage(first.number, STAFF_CHAT)) !== firstCard,
    );
    const newCard = await t.cardOf(first.number);
    await t.press(ALI, newCard, `m:${first.number}:c:a`);
    await t.cardShows(newCard, 'Status: <b>being assembled</b>');
    expect(t.api.message(STAFF_CHAT, firstCard)?.text).toContain('Status: <b>confirmed</b>');
    for (const order of [first, second]) {
      await t.press(ALI, await t.cardOf(order.number), `c:${order.number}:n`);
    }
    await t.press(ALI, newCard, `m:${first.number}:a:x`);
    await t.press(ALI, await t.cardOf(second.number), `m:${second.number}:n:x`);
    expect(await t.say(ALI, '/open')).toEqual(['There are no open orders.']);
  });

  it('/order posts a card again, and answers only staff in the staff chat', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    expect(await t.say(ALI, `/order ${order.number}`)).toHaveLength(0);
    await waitFor(
      'the card posted again',
      async () => (await t.stand.store.staffCardMessage(order.number, STAFF_CHAT)) !== card,
    );
    const again = await t.cardOf(order.number);
    await t.cardShows(again, `Order №${order.number}`);
    expect(await t.say(ALI, '/order')).toEqual(['Write it like this: /order UY-001001']);
    expect(await t.say(ALI, '/order <b>')).toEqual(['Write it like this: /order UY-001001']);
    expect(await t.say(ALI, '/order UY-999999')).toEqual(['There is no order №UY-999999.']);
    // Not staff, or not the staff chat: no answer at all, no card.
    expect(await t.say(STRANGER, `/order ${order.number}`)).toEqual([]);
    expect(await t.say(STRANGER, '/open')).toEqual([]);
    expect(await t.say(ALI, '/open', -1005555)).toEqual([]);
    expect(await t.stand.store.staffCardMessage(order.number, STAFF_CHAT)).toBe(again);
    await t.press(ALI, again, `m:${order.number}:n:x`);
  });
});

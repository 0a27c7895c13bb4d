// Staff pressing the card's buttons, against the real backend (embedded, pushing its events) and
// the Bot API stand-in: each press moves the order once through the operator call, the card is
// edited in place, the shopper gets their message; non-staff and bad data change nothing; two
// presses at once move once and the second is told who was first; Cancel asks, then returns stock.
import { OPERATOR_SECRET_HEADER, operatorStatusPath } from '@shop/shared';
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

/** A group the bot is in that is not the staff chat. */
const OTHER_GROUP = -1001112223334;

let t: StaffStand;
beforeAll(async () => {
  t = await startStaffStand();
}, 180_000);
afterAll(async () => {
  await t.close();
}, 60_000);

describe('staff buttons', () => {
  it('walk a pickup order to completed, editing one card, the shopper told of each move', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    expect(t.buttons(card)).toEqual([`m:${order.number}:n:c`, `c:${order.number}:n`]);
    const road = [
      ['n', 'c', 'confirmed'],
      ['c', 'a', 'being assembled'],
      ['a', 'r', 'ready for pickup'],
      ['r', 'f', 'completed'],
    ] as const;
    for (const [from, to, word] of road) {
      expect(await t.press(ALI, card, `m:${order.number}:${from}:${to}`)).toMatch(/^Done/);
      await t.cardShows(card, `Status: <b>${word}</b> — Ali (@ali_shop)`);
    }
    expect(await t.statusOf(order.number)).toBe('completed');
    expect(t.buttons(card)).toEqual([]);
    // One card, edited in place; the shopper: placed, then one message per move.
    const posts = t.api
      .delivered()
      .filter(
        (c) => c.payload.chat_id === STAFF_CHAT && String(c.payload.text).includes(order.number),
      );
    expect(posts).toHaveLength(1);
    await waitFor(
      'the shopper’s five messages',
      () => t.shopperMessages(order.number).length === 5,
    );
    expect(t.shopperMessages(order.number)).toHaveLength(5);
  });

  it('refuses anyone not on the staff list, and bad button data, changing nothing', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    expect(await t.press(STRANGER, card, `m:${order.number}:n:c`)).toBe(
      'You are not allowed to change orders.',
    );
    expect(await t.press(STRANGER, card, `c:${order.number}:n`)).toBe(
      'You are not allowed to change orders.',
    );
    for (const data of [`m:${order.number}:n:q`, 'm:<b>:n:c', `m:${order.number}`, 'o:']) {
      expect(await t.press(ALI, card, data)).toMatch(/out of date/);
    }
    // A message in the group from a stranger asking for the list: no answer.
    expect(await t.say(STRANGER, '/open')).toEqual([]);
    expect(await t.statusOf(order.number)).toBe('new');
    expect(t.api.callsOf('editMessageReplyMarkup')).toHaveLength(0);
    await t.press(ALI, card, `m:${order.number}:n:c`);
    await t.press(ALI, card, `m:${order.number}:c:a`);
    await t.press(ALI, card, `m:${order.number}:a:r`);
    await t.press(ALI, card, `m:${order.number}:r:f`);
  });

  it('counts a staff press only in the staff chat, changing nothing elsewhere', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    const refusal = 'Orders are changed only in the staff chat.';
    const buttonEdits = () =>
      t.api.callsOf('editMessageReplyMarkup').filter((call) => call.payload.message_id === card)
        .length;
    const editsBefore = buttonEdits();
    // The same buttons, pressed by staff in another group and in a private chat with the bot.
    for (const chat of [OTHER_GROUP, ALI.id]) {
      for (const data of [
        `m:${order.number}:n:c`,
        `c:${order.number}:n`,
        `b:${order.number}`,
        `o:${order.number}`,
      ]) {
        expect(await t.press(ALI, card, data, chat), `${data} in ${String(chat)}`).toBe(refusal);
      }
    }
    expect(await t.statusOf(order.number)).toBe('new');
    expect(buttonEdits()).toBe(editsBefore);
    expect(t.buttons(card)).toEqual([`m:${order.number}:n:c`, `c:${order.number}:n`]);
    // No card was posted again on the Open press.
    expect(await t.stand.store.staffCardMessage(order.number, STAFF_CHAT)).toBe(card);
    // The same press in the staff chat still counts.
    expect(await t.press(ALI, card, `m:${order.number}:n:c`)).toMatch(/^Done/);
    await t.press(ALI, card, `m:${order.number}:c:x`);
  });

  it('moves once when two staff press at once, and tells the second who was first', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    const answers = await Promise.all([
      t.press(ALI, card, `m:${order.number}:n:c`),
      t.press(VALI, card, `m:${order.number}:n:c`),
      t.press(VALI, card, `m:${order.number}:n:c`),
    ]);
    const done = answers.filter((text) => text.startsWith('Done'));
    const late = answers.filter((text) => text.startsWith('Too late'));
    expect(done).toHaveLength(1);
    expect(late).toHaveLength(2);
    const first = answers[0].startsWith('Done') ? 'Ali (@ali_shop)' : 'Vali (id 1002)';
    for (const text of late) expect(text).toBe(`Too late: ${first} moved it first (confirmed).`);
    await t.cardShows(card, `Status: <b>confirmed</b> — ${first}`);
    await waitFor('the shopper’s two messages', () => t.shopperMessages(order.number).length === 2);
    expect(t.shopperMessages(order.number).filter((t) => t.includes('confirmed'))).toHaveLength(1);
    expect(await t.press(ALI, card, `m:${order.number}:c:x`)).toMatch(/^Done/);
  });

  it('asks before cancelling, goes back on Back, and cancels with stock returned on Yes', async () => {
    const before = await t.stock();
    const order = await t.placeOrder(2);
    expect(await t.stock()).toBe(before - 2);
    const card = await t.cardOf(order.number);
    expect(await t.press(ALI, card, `c:${order.number}:n`)).toBe(
      `Cancel order №${order.number}? Its items go back on sale.`,
    );
    expect(t.buttons(card)).toEqual([`m:${order.number}:n:x`, `b:${order.number}`]);
    await t.press(ALI, card, `b:${order.number}`);
    expect(t.buttons(card)).toEqual([`m:${order.number}:n:c`, `c:${order.number}:n`]);
    expect(await t.statusOf(order.number)).toBe('new');
    await t.press(ALI, card, `c:${order.number}:n`);
    expect(await t.press(VALI, card, `m:${order.number}:n:x`)).toMatch(/^Done/);
    await t.cardShows(card, 'Status: <b>cancelled</b> — Vali (id 1002)');
    expect(t.buttons(card)).toEqual([]);
    expect(await t.stock()).toBe(before);
    // A second Yes from an old question: nothing more comes back.
    expect(await t.press(ALI, card, `m:${order.number}:n:x`)).toMatch(/^Too late/);
    expect(await t.stock()).toBe(before);
  });

  it('edits the card when the operator command moves the order', async () => {
    const order = await t.placeOrder();
    const card = await t.cardOf(order.number);
    const { backend } = t.stand.stand;
    const moved = await fetch(`${backend.url}${operatorStatusPath(order.number)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [OPERATOR_SECRET_HEADER]: backend.operatorSecret,
      },
      body: JSON.stringify({ status: 'cancelled', actor: 'pnpm order:status' }),
    });
    expect(moved.status).toBe(200);
    await t.cardShows(card, 'Status: <b>cancelled</b> — pnpm order:status');
  });
});

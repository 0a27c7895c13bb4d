// Test support for Telegram's payment sheet: the real backend (embedded), the server with the
// invoice call, and the bot with the payment handlers and the recorder, against the Bot API
// stand-in. The bot reaches the backend's operator calls through a pass-through that a test can
// take down. The payment sweep is slowed so a hold the test ends stays "over" rather than being
// cancelled under it.
import type { Order } from '@shop/shared';
import type { Bot } from 'grammy';
import type { RecordedCall } from './fake-bot-api';
import { createOperatorClient } from '../staff/operator-client';
import { createBot } from '../telegram/create-bot';
import { createOperatorPayments } from '../telegram-payments/operator-payments';
import { createPaymentRecorder, type PaymentRecorder } from '../telegram-payments/payment-recorder';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
} from './fake-bot-api';
import { QUIET_LOGGER } from './notifier-stand';
import { startNotifierStand, type InjectAnswer, type NotifierStand } from './relay-stand';
import { preCheckoutQuery, successfulPayment, type TestInvoicePayment } from './updates';
import { startSwitchableProxy, type SwitchableProxy } from './upstream-stand-ins';

export const TEST_PROVIDER_TOKEN = '398062629:TEST:999999999_F91D8F69C042267444B74CC0B3C74775';

export interface PaymentStand {
  readonly api: FakeBotApi;
  readonly stand: NotifierStand;
  readonly bot: Bot;
  readonly recorder: PaymentRecorder;
  /** Between the bot and the backend's operator calls: `down = true` cuts every call. */
  readonly operatorLink: SwitchableProxy;
  readonly shopper: { token: string; id: number };
  /** A pickup order paid by card (prepaid, unpaid, held), placed by `shopper` in `lang`. */
  placePrepaidOrder(lang?: 'uz' | 'ru' | 'en'): Promise<Order>;
  /** Telegram's pre-checkout for `payment` from user `userId`: the bot's answer to it. */
  preCheckout(
    userId: number,
    payment: TestInvoicePayment,
    languageCode?: string,
  ): Promise<RecordedCall>;
  /** Telegram's successful_payment message in chat `chatId`, as update `updateId` (new one unless given). */
  paid(
    chatId: number,
    payment: TestInvoicePayment & { chargeId: string },
    updateId?: number,
  ): Promise<number>;
  /** The order as its shopper reads it. */
  order(number: string): Promise<Order>;
  /** The backend's outbox events of the order of type `type`. */
  eventCount(number: string, type: string): Promise<number>;
  /** The backend's provider_payments rows of the order. */
  paymentRows(number: string): Promise<number>;
  /**
   * Moves the order's hold to end `seconds` from now: a negative number ends it, as if its time
   * had passed (the slowed sweep has not cancelled it yet).
   */
  holdFor(number: string, seconds: number): Promise<void>;
  cancel(number: string): Promise<void>;
  /** POST /tg/payments/invoice as the holder of `token` (the shopper unless given). */
  invoice(number: string, token?: string): Promise<InjectAnswer>;
  close(): Promise<void>;
}

export async function startPaymentStand(): Promise<PaymentStand> {
  const api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  let bot: Bot | null = null;
  const stand = await startNotifierStand({
    apiRoot: api.apiRoot,
    sweepIntervalMs: 3_600_000,
    telegramPayments: { providerToken: TEST_PROVIDER_TOKEN, invoiceLinks: () => bot?.api ?? null },
  });
  const { backend } = stand.stand;
  const pglite = backend.pglite;
  if (!pglite) throw new Error('The payment stand reads the embedded PGlite');
  const operatorLink = await startSwitchableProxy(backend.url);
  const operator = createOperatorPayments({
    url: operatorLink.url,
    secret: backend.operatorSecret,
  });
  const recorder = createPaymentRecorder({
    store: stand.store,
    operator,
    logger: QUIET_LOGGER,
    backoffMs: 20,
    maxBackoffMs: 200,
  });
  bot = createBot({
    token: TEST_BOT_TOKEN,
    apiRoot: api.apiRoot,
    botInfo: TEST_BOT_INFO,
    publicUrl: TEST_PUBLIC_URL,
    logger: QUIET_LOGGER,
    seenUpdates: stand.store,
    chats: stand.store,
    payments: { operator, store: stand.store, recorder, chats: stand.store, logger: QUIET_LOGGER },
  });
  const theBot = bot;
  recorder.start();
  const shopper = await stand.stand.signIn('+998901114455');
  const staff = createOperatorClient({ url: backend.url, secret: backend.operatorSecret });
  let nextUpdateId = 1;

  const count = async (sql: string, number: string) => {
    const result = await pglite.query<{ n: number }>(sql, [number]);
    return result.rows[0]?.n ?? 0;
  };

  return {
    api,
    stand,
    bot: theBot,
    recorder,
    operatorLink,
    shopper,
    async placePrepaidOrder(lang = 'en') {
      const answer = await stand.stand.placePickupOrder(shopper, {
        slug: 'granite-frying-pan',
        paymentType: 'card',
        lang,
      });
      if (answer.statusCode !== 201 && answer.statusCode !== 200) {
        throw new Error(`order answered ${answer.statusCode}: ${answer.body}`);
      }
      return answer.json<{ data: Order }>().data;
    },
    async preCheckout(userId, payment, languageCode) {
      const update = {
        ...preCheckoutQuery(userId, payment, languageCode),
        update_id: nextUpdateId++,
      };
      await theBot.handleUpdate(update);
      const id = update.pre_checkout_query?.id;
      return api.waitForCall(
        'answerPreCheckoutQuery',
        (call) => call.payload.pre_checkout_query_id === id,
      );
    },
    async paid(chatId, payment, updateId = nextUpdateId++) {
      await theBot.handleUpdate({ ...successfulPayment(chatId, payment), update_id: updateId });
      return updateId;
    },
    async order(number) {
      const answer = await stand.stand.app.inject({
        url: `/api/orders/${encodeURIComponent(number)}`,
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      return answer.json<{ data: Order }>().data;
    },
    eventCount: (number, type) =>
      pglite
        .query<{ n: number }>(
          `select count(*)::int as n from order_events e join orders o on o.id = e.order_id
           where o.number = $1 and e.payload ->> 'type' = $2`,
          [number, type],
        )
        .then((result) => result.rows[0]?.n ?? 0),
    paymentRows: (number) =>
      count(
        `select count(*)::int as n from provider_payments p join orders o on o.id = p.order_id
         where o.number = $1`,
        number,
      ),
    async holdFor(number, seconds) {
      await pglite.query(
        `update orders set pay_until = now() + make_interval(secs => $2) where number = $1`,
        [number, seconds],
      );
    },
    async cancel(number) {
      const moved = await staff.moveOrder({
        number,
        to: 'cancelled',
        expectedFrom: 'new',
        actor: 'Test',
      });
      if (moved.kind !== 'moved') throw new Error(`cancel answered ${moved.kind}`);
    },
    invoice: (number, token = shopper.token) =>
      stand.stand.app.inject({
        method: 'POST',
        url: '/tg/payments/invoice',
        headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' },
        payload: { number },
      }),
    async close() {
      await recorder.stop();
      await stand.close();
      await operatorLink.close();
      await api.close();
    },
  };
}

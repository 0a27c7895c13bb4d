import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update, UserFromGetMe } from 'grammy/types';

/**
 * A stand-in for api.telegram.org speaking the Bot API's HTTP protocol: `POST /bot<token>/<method>`
 * with a JSON body, answered with `{ ok: true, result }` or `{ ok: false, error_code, description }`.
 * It records every call and serves getUpdates from a queue with a real long-poll timeout, so a bot
 * can run against it with nothing but `apiRoot` changed.
 */

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  /** Whether the call was answered `ok: true` (false: a failure was served instead). */
  ok: boolean;
  /** What an ok call was answered with (a sent message, with its message_id). */
  result?: unknown;
}

/** A Bot API error answer: `{ ok: false, error_code, description, parameters? }`. */
export interface BotApiFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export interface FakeBotApi {
  /** Pass as grammY's `client.apiRoot` / TELEGRAM_API_ROOT. */
  readonly apiRoot: string;
  readonly calls: readonly RecordedCall[];
  /** Queues an update for getUpdates; update_id is assigned when omitted. */
  pushUpdate(update: Omit<Update, 'update_id'> & { update_id?: number }): Update;
  /** Makes the next call of `method` fail as Telegram does, e.g. 400 "Bad Request: ...". */
  failNext(method: string, errorCode: number, description: string): void;
  /**
   * Decides, call by call, whether to fail (e.g. a share of sendMessage with 429 and 5xx, or a
   * chat that blocked the bot with 403); undefined answers normally. null removes the policy.
   */
  setFailurePolicy(policy: ((call: RecordedCall) => BotApiFailure | undefined) | null): void;
  /** sendMessage calls that Telegram would have delivered (answered ok), in order. */
  delivered(): RecordedCall[];
  /** Resolves with the first call of `method` (already made or still to come) that matches. */
  waitForCall(
    method: string,
    match?: (call: RecordedCall) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedCall>;
  callsOf(method: string): RecordedCall[];
  /**
   * A message as it stands now (after edits): its text as sent (HTML source with parse_mode) and
   * its inline keyboard; undefined for one never sent.
   */
  message(chatId: number, messageId: number): ShownMessage | undefined;
  close(): Promise<void>;
}

export interface ShownMessage {
  text: string;
  replyMarkup: unknown;
}

/** The token bot tests start the stand-in with, and the shop address their buttons open. */
export const TEST_BOT_TOKEN = '7000000001:AAFakeTokenForTestsOnly_abcdefghijk';
export const TEST_PUBLIC_URL = 'https://shop.example.uz';

export const TEST_BOT_INFO: UserFromGetMe = {
  id: 7_000_000_001,
  is_bot: true,
  first_name: 'Uy Shop',
  username: 'uy_shop_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

interface Waiter {
  offset: number;
  respond: (updates: Update[]) => void;
}

/** getUpdates as Telegram serves it: a queue confirmed by offset, and a real long poll. */
function createUpdateQueue() {
  const queue: Update[] = [];
  let waiters: Waiter[] = [];
  let nextUpdateId = 100_000;
  const pending = (offset: number) => queue.filter((update) => update.update_id >= offset);

  return {
    push(partial: Omit<Update, 'update_id'> & { update_id?: number }): Update {
      const update = { ...partial, update_id: partial.update_id ?? nextUpdateId++ };
      queue.push(update);
      for (const waiter of [...waiters]) {
        const ready = pending(waiter.offset);
        if (ready.length > 0) waiter.respond(ready);
      }
      return update;
    },

    /** Answers at once when updates are ready (or no timeout), else when one comes or time is up. */
    answer(res: ServerResponse, payload: Record<string, unknown>): void {
      const offset = typeof payload.offset === 'number' ? payload.offset : 0;
      // Telegram forgets updates before the offset: that is how a bot confirms them.
      for (let i = queue.length - 1; i >= 0; i--) {
        const update = queue[i];
        if (update && update.update_id < offset) queue.splice(i, 1);
      }
      const limit = typeof payload.limit === 'number' ? payload.limit : 100;
      const ready = pending(offset).slice(0, limit);
      const timeout = typeof payload.timeout === 'number' ? payload.timeout : 0;
      if (ready.length > 0 || timeout <= 0) {
        send(res, 200, { ok: true, result: ready });
        return;
      }
      const waiter: Waiter = {
        offset,
        respond: (updates) => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== waiter);
          if (!res.writableEnded) send(res, 200, { ok: true, result: updates });
        },
      };
      const timer = setTimeout(() => {
        waiter.respond([]);
      }, timeout * 1000);
      waiters.push(waiter);
      // The bot aborts its long poll on stop(); forget the waiter with the connection.
      res.on('close', () => {
        clearTimeout(timer);
        waiters = waiters.filter((w) => w !== waiter);
      });
    },

    /** Ends every long poll with no updates (the stand-in is closing). */
    releaseAll(): void {
      for (const waiter of [...waiters]) waiter.respond([]);
    },
  };
}

/** The method and JSON payload of a Bot API call with `token`; null once an error was sent. */
async function readCall(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
): Promise<{ method: string; payload: Record<string, unknown> } | null> {
  const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url?.split('?')[0] ?? '');
  if (req.method !== 'POST' && req.method !== 'GET') {
    send(res, 405, { ok: false, error_code: 405, description: 'Method Not Allowed' });
    return null;
  }
  if (!match) {
    send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    return null;
  }
  const [, callToken, method = ''] = match;
  if (callToken !== token) {
    send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    return null;
  }
  try {
    return { method, payload: await readJson(req) };
  } catch {
    send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    return null;
  }
}

/** Every call the stand-in received, and a way to wait for one still to come. */
function createCallLog() {
  const calls: RecordedCall[] = [];
  let listeners: (() => void)[] = [];
  return {
    calls,
    record(call: RecordedCall): void {
      calls.push(call);
      const waiting = listeners;
      listeners = [];
      waiting.forEach((listener) => {
        listener();
      });
    },
    waitFor(
      method: string,
      match: (call: RecordedCall) => boolean,
      timeoutMs: number,
    ): Promise<RecordedCall> {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = calls.find((call) => call.method === method && match(call));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
          return found !== undefined;
        };
        const timer = setTimeout(() => {
          reject(
            new Error(
              `No ${method} call within ${timeoutMs} ms; calls: ${calls.map((c) => c.method).join(', ')}`,
            ),
          );
        }, timeoutMs);
        const listen = () => {
          if (!check()) listeners.push(listen);
        };
        listen();
      });
    },
  };
}

type Answer = { ok: true; result: unknown } | { ok: false; failure: BotApiFailure };

function badRequest(description: string): Answer {
  return { ok: false, failure: { error_code: 400, description: `Bad Request: ${description}` } };
}

function textWithin(value: unknown, min: number, max: number): boolean {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/** A price as Telegram reads it: a label and a whole amount in the currency's smallest units. */
function isPrice(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const price = value as Record<string, unknown>;
  return typeof price.label === 'string' && price.label !== '' && Number.isInteger(price.amount);
}

/** createInvoiceLink as Telegram checks it (text limits, a price list), answering a t.me/$ link. */
function invoiceLink(payload: Record<string, unknown>): Answer {
  if (!textWithin(payload.title, 1, 32)) return badRequest('INVOICE_TITLE_INVALID');
  if (!textWithin(payload.description, 1, 255)) return badRequest('INVOICE_DESCRIPTION_INVALID');
  const invoicePayload = payload.payload;
  if (typeof invoicePayload !== 'string' || invoicePayload === '') {
    return badRequest('INVOICE_PAYLOAD_INVALID');
  }
  if (Buffer.byteLength(invoicePayload) > 128) return badRequest('INVOICE_PAYLOAD_INVALID');
  if (typeof payload.currency !== 'string' || !/^[A-Z]{3}$/.test(payload.currency)) {
    return badRequest('CURRENCY_INVALID');
  }
  if (payload.currency !== 'XTR' && typeof payload.provider_token !== 'string') {
    return badRequest('PAYMENT_PROVIDER_INVALID');
  }
  const prices: unknown = payload.prices;
  if (!Array.isArray(prices) || prices.length === 0 || !prices.every(isPrice)) {
    return badRequest("can't parse prices JSON object");
  }
  const slug = Buffer.from(invoicePayload).toString('base64url').slice(0, 20);
  return { ok: true, result: `https://t.me/$${slug}${String(Math.random()).slice(2, 10)}` };
}

/** answerPreCheckoutQuery: a refusal must say why. */
function preCheckoutAnswer(payload: Record<string, unknown>): Answer {
  if (typeof payload.pre_checkout_query_id !== 'string') return badRequest('QUERY_ID_INVALID');
  if (payload.ok !== true && !textWithin(payload.error_message, 1, 255)) {
    return badRequest('error_message is required when ok is false');
  }
  return { ok: true, result: true };
}

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/**
 * What the stand-in answers: sent messages are kept, so edits work as Telegram's do (an edit that
 * changes nothing is 400 "message is not modified", an unknown message 400 "not found").
 */
function createResults(botInfo: UserFromGetMe) {
  let nextMessageId = 1;
  const shown = new Map<string, ShownMessage>();
  const key = (chatId: unknown, messageId: unknown) => `${String(chatId)}:${String(messageId)}`;
  const messageOf = (chatId: unknown, messageId: unknown, message: ShownMessage) => ({
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: chatId, type: typeof chatId === 'number' && chatId < 0 ? 'supergroup' : 'private' },
    from: botInfo,
    text: message.text,
    ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
  });

  function edit(payload: Record<string, unknown>, change: Partial<ShownMessage>): Answer {
    const id = key(payload.chat_id, payload.message_id);
    const before = shown.get(id);
    if (!before) {
      return {
        ok: false,
        failure: { error_code: 400, description: 'Bad Request: message to edit not found' },
      };
    }
    const after = { ...before, ...change };
    if (
      after.text === before.text &&
      JSON.stringify(after.replyMarkup ?? null) === JSON.stringify(before.replyMarkup ?? null)
    ) {
      return { ok: false, failure: { error_code: 400, description: NOT_MODIFIED } };
    }
    shown.set(id, after);
    return { ok: true, result: messageOf(payload.chat_id, payload.message_id, after) };
  }

  return {
    message: (chatId: number, messageId: number) => shown.get(key(chatId, messageId)),
    answer(method: string, payload: Record<string, unknown>): Answer {
      switch (method) {
        case 'getMe':
          return { ok: true, result: botInfo };
        case 'sendMessage': {
          const messageId = nextMessageId++;
          const message = { text: String(payload.text), replyMarkup: payload.reply_markup };
          shown.set(key(payload.chat_id, messageId), message);
          return { ok: true, result: messageOf(payload.chat_id, messageId, message) };
        }
        case 'editMessageText':
          // Without reply_markup, Telegram removes the inline keyboard.
          return edit(payload, { text: String(payload.text), replyMarkup: payload.reply_markup });
        case 'editMessageReplyMarkup':
          return edit(payload, { replyMarkup: payload.reply_markup });
        case 'createInvoiceLink':
          return invoiceLink(payload);
        case 'answerPreCheckoutQuery':
          return preCheckoutAnswer(payload);
        default:
          // setWebhook, deleteWebhook, setChatMenuButton, answerCallbackQuery...: all `true`.
          return { ok: true, result: true };
      }
    },
  };
}

export async function startFakeBotApi(opts: {
  token: string;
  botInfo?: UserFromGetMe;
}): Promise<FakeBotApi> {
  const log = createCallLog();
  const { calls } = log;
  const results = createResults(opts.botInfo ?? TEST_BOT_INFO);
  const updates = createUpdateQueue();
  const failures = new Map<string, BotApiFailure>();
  let failurePolicy: ((call: RecordedCall) => BotApiFailure | undefined) | null = null;

  const server = createServer((req, res) => {
    void (async () => {
      const read = await readCall(req, res, opts.token);
      if (read === null) return;
      const { method, payload } = read;
      const call: RecordedCall = { method, payload, ok: true };
      const failure = failures.get(method) ?? failurePolicy?.(call);
      if (failure) {
        failures.delete(method);
        call.ok = false;
        log.record(call);
        send(res, failure.error_code, { ok: false, ...failure });
        return;
      }
      if (method === 'getUpdates') {
        log.record(call);
        updates.answer(res, payload);
        return;
      }
      const answer = results.answer(method, payload);
      call.ok = answer.ok;
      if (answer.ok) call.result = answer.result;
      log.record(call);
      if (answer.ok) send(res, 200, answer);
      else send(res, answer.failure.error_code, { ok: false, ...answer.failure });
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const api: FakeBotApi = {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    pushUpdate: (partial) => updates.push(partial),
    failNext(method, errorCode, description) {
      failures.set(method, { error_code: errorCode, description });
    },
    setFailurePolicy(policy) {
      failurePolicy = policy;
    },
    delivered: () => calls.filter((call) => call.method === 'sendMessage' && call.ok),
    callsOf: (method) => calls.filter((call) => call.method === method),
    message: (chatId, messageId) => results.message(chatId, messageId),
    waitForCall: (method, match = () => true, timeoutMs = 5000) =>
      log.waitFor(method, match, timeoutMs),
    async close() {
      updates.releaseAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
  return api;
}

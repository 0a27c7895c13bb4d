// Never a full card number anywhere: cards are added, confirmed, refused, paid with and removed
// through the API — right and wrong, in every malformed way that could make a server repeat
// what it was sent — and then every place a number could end up is searched for one: a dump of
// every row of every table, every log line at trace level, every answer, the SMS outbox and the
// sandbox processor's own file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/raw-rows';
import { products } from '../db/schema';
import { call, signIn, type Answer, type CallOptions } from '../testing/http-client';
import { findPans } from '../testing/pan-scan';
import {
  BLOCKED_CARD,
  GOOD_CARD,
  HUMO_CARD,
  NO_SMS_CARD,
  placeCardOrder,
  STALL_CARD,
  UNKNOWN_CARD,
} from '../testing/payments';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const SPACED = '8600 0691 9540 6311';

describe.each(DATABASE_KINDS)('no card number is kept or repeated, on %s', (kind) => {
  let t: TestBackend;
  const answers: Answer[] = [];
  const sent: string[] = [];

  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: CallOptions,
  ): Promise<Answer> {
    sent.push(url, options.rawBody ?? JSON.stringify(options.body ?? null));
    sent.push(JSON.stringify(options.headers ?? {}));
    const answer = await call(t, method, url, options);
    answers.push(answer);
    return answer;
  }

  async function dumpAllTables(): Promise<string> {
    const tables = await queryRows(
      t.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      z.object({ table_name: z.string() }),
    );
    expect(tables.map((row) => row.table_name)).toContain('payment_cards');
    const parts: string[] = [];
    for (const { table_name: name } of tables) {
      const rows = await queryRows(
        t.db,
        sql.raw(`select row_to_json(x)::text as row from public."${name}" x`),
        z.object({ row: z.string() }),
      );
      parts.push(`-- ${name}`, ...rows.map((row) => row.row));
    }
    return parts.join('\n');
  }

  it('adds, refuses, pays with and removes cards through the API', async () => {
    const { token, phone } = await signIn(t);
    const json = { 'content-type': 'application/json' };
    const create = (cardNumber: unknown, extra: object = {}) =>
      send('POST', '/api/payments/card/create', {
        token,
        body: { card_number: cardNumber, expiry: '03/99', phone, ...extra },
      });

    // Good cards, written as shoppers write them.
    const good = await create(SPACED);
    expect(good.status).toBe(200);
    const { card_id: goodId } = good.body as { card_id: number };
    expect(
      (
        await send('POST', '/api/payments/card/confirm', {
          token,
          body: { card_id: goodId, code: '000000' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await send('POST', '/api/payments/card/confirm', {
          token,
          body: { card_id: goodId, code: '666666' },
        })
      ).status,
    ).toBe(200);
    for (const number of [HUMO_CARD, BLOCKED_CARD, STALL_CARD]) {
      const created = await create(number);
      expect(created.status).toBe(200);
      const { card_id: id } = created.body as { card_id: number };
      await send('POST', '/api/payments/card/confirm', {
        token,
        body: { card_id: id, code: '666666' },
      });
    }

    // Refused by the processor, after the number went to it.
    expect((await create(UNKNOWN_CARD)).status).toBe(422);
    expect((await create(GOOD_CARD, { expiry: '04/99' })).status).toBe(422);
    expect((await create(NO_SMS_CARD)).status).toBe(422);
    // Refused before it went anywhere.
    expect((await create(GOOD_CARD, { expiry: '01/20' })).status).toBe(422);
    expect((await create('8600-0691-9540-6311')).status).toBe(400);
    expect((await create(Number(GOOD_CARD))).status).toBe(400);
    expect((await create(`${GOOD_CARD}0`)).status).toBe(400);
    // A card number in the wrong field, as a key, in a broken body, in a header, in the path.
    expect((await create(GOOD_CARD, { phone: GOOD_CARD })).status).toBe(400);
    expect((await create(GOOD_CARD, { expiry: GOOD_CARD })).status).toBe(400);
    expect((await create(GOOD_CARD, { [GOOD_CARD]: true })).status).toBe(400);
    for (const rawBody of [
      `{"card_number": "${GOOD_CARD}", oops}`,
      `[${GOOD_CARD},]`,
      `{"card_number": @${GOOD_CARD}}`,
      `"${SPACED}`,
    ]) {
      const broken = await send('POST', '/api/payments/card/create', {
        token,
        rawBody,
        headers: json,
      });
      expect(broken.status).toBe(400);
    }
    const oddType = await send('POST', '/api/payments/card/create', {
      token,
      rawBody: JSON.stringify({ card_number: GOOD_CARD }),
      headers: { 'content-type': `application/x-${GOOD_CARD}` },
    });
    expect(oddType.status).toBe(415);
    expect((await send('DELETE', `/api/payments/cards/${GOOD_CARD}`, { token })).status).toBe(400);
    expect([400, 404]).toContain((await send('GET', `/api/orders/${GOOD_CARD}`, { token })).status);

    // Pay: declined, then paid, then the answers that show cards.
    const cards = (await send('GET', '/api/payments/cards', { token })).body as {
      data: { id: number; masked_number: string }[];
    };
    const blocked = cards.data.find((c) => c.masked_number.startsWith('986022'));
    const order = await placeCardOrder(t, token);
    if (!blocked) throw new Error('blocked card missing');
    expect(
      (
        await send('POST', `/api/orders/${order.number}/pay`, {
          token,
          body: { card_id: blocked.id },
        })
      ).status,
    ).toBe(422);
    expect(
      (await send('POST', `/api/orders/${order.number}/pay`, { token, body: { card_id: goodId } }))
        .status,
    ).toBe(200);
    const humo = cards.data.find((c) => c.masked_number.startsWith('986010'));
    if (!humo) throw new Error('humo card missing');
    expect((await send('POST', `/api/payments/cards/${humo.id}/default`, { token })).status).toBe(
      200,
    );
    expect((await send('DELETE', `/api/payments/cards/${humo.id}`, { token })).status).toBe(200);

    // The search would have found the number in what was sent: it is looking for the right thing.
    expect(findPans(sent.join('\n')).length).toBeGreaterThan(10);
  });

  it('finds none in the database, the trace log, the answers, the SMS outbox or the sandbox file', async () => {
    // Product codes of the tax catalogue are 17 digits and sometimes pass Luhn; they are public
    // numbers of products, not cards.
    const mxik = new Set(
      (await t.db.select({ mxik: products.mxik }).from(products)).map((p) => p.mxik),
    );
    const scan = (text: string) => findPans(text, { ignore: mxik });

    const dump = await dumpAllTables();
    expect(dump).toContain('860006******6311');
    expect(scan(dump)).toEqual([]);

    expect(t.logs.length).toBeGreaterThan(50);
    expect(scan(t.logs.join('\n'))).toEqual([]);

    expect(answers.length).toBeGreaterThan(20);
    expect(scan(answers.map((a) => `${JSON.stringify(a.headers)}\n${a.text}`).join('\n'))).toEqual(
      [],
    );

    const outbox = await t.outbox();
    expect(outbox.some((line) => line.text.includes('666666'))).toBe(true);
    expect(scan(JSON.stringify(outbox))).toEqual([]);

    const sandboxFile = await readFile(join(t.dataDir, 'payme-sandbox', 'state.json'), 'utf8');
    expect(sandboxFile).toContain('860006******6311');
    expect(scan(sandboxFile)).toEqual([]);
  });
});

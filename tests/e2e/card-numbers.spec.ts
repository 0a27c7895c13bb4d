// Cards added in the browser and through the API, with the whole shop logging at trace level:
// afterwards no full card number is in the database, a log line, an answer the browser got, the
// browser's storage, the SMS outbox or the sandbox card processor's file. The shop runs here as
// its own process (the built webapp, the real server, the embedded backend on PGlite), so its
// log can be read whole and its database opened once it has stopped.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findPans, openDatabase } from '@shop/backend';
import { CALLS } from '@shop/shared';
import { TEST_CARD_EXPIRY, TEST_CARDS, bearer, latestCardCode } from '../support/checkout';
import { WEBAPP_DIST } from '../support/paths';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';

let shop: ShopProcess | null = null;
test.afterEach(() => {
  // A test that fails or times out midway must not leave its server running.
  shop?.kill();
  shop = null;
});

/** The rows of a query, whichever driver answered (PGlite: `{ rows }`; postgres.js: the rows). */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    const { rows } = result;
    if (Array.isArray(rows)) return rows;
  }
  throw new Error('The database answered without rows');
}

function textColumn(row: unknown, column: string): string {
  const value: unknown =
    typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[column] : undefined;
  if (typeof value !== 'string') throw new Error(`No text column ${column}`);
  return value;
}

/** Every row of every table as JSON text, and the catalogue's product codes. */
async function dumpDatabase(dataDir: string): Promise<{ text: string; mxik: Set<string> }> {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    const tables = rowsOf(
      await database.db.execute(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      ),
    ).map((row) => textColumn(row, 'table_name'));
    expect(tables).toContain('payment_cards');
    let text = '';
    for (const table of tables) {
      const rows = rowsOf(
        await database.db.execute(`select row_to_json(x)::text as row from public."${table}" x`),
      );
      text += `-- ${table}\n${rows.map((row) => textColumn(row, 'row')).join('\n')}\n`;
    }
    // The tax catalogue's 17-digit product codes pass Luhn now and then: public, not cards.
    const codes = rowsOf(await database.db.execute('select mxik from products'));
    return { text, mxik: new Set(codes.map((row) => textColumn(row, 'mxik'))) };
  } finally {
    await database.close();
  }
}

test('cards added in the browser and through the API leave no full number in the database, a trace log line, an answer, the browser or the SMS outbox', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The shop as `pnpm start` runs it, logging everything.
  const running = await startShopProcess('trace', { LOG_LEVEL: 'trace', WEBAPP_DIST });
  shop = running;
  const { dataDir } = running;
  const context = await browser.newContext({ baseURL: running.baseUrl });
  const page = await context.newPage();
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/backend/')) {
      answers.push(response.text().catch(() => ''));
    }
  });

  // In the browser: a typo first (refused on the page), then the card with its SMS code.
  const phone = uniquePhone();
  await page.goto('/en/sign-in?next=%2Fen%2Faccount');
  await completeSignIn(page, phone, 'en', dataDir);
  await expect(page).toHaveURL(/\/en\/account$/);
  const cards = page.getByRole('region', { name: 'Payment cards' });
  await cards.getByRole('button', { name: 'Add card' }).click();
  const number = page.getByRole('textbox', { name: 'Card number' });
  await number.fill('8600 0691 9540 6312');
  await page.getByRole('textbox', { name: 'Valid thru (MM/YY)' }).fill(TEST_CARD_EXPIRY);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(number).toBeFocused();
  await number.fill(TEST_CARDS.uzcard);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page
    .getByRole('textbox', { name: 'Code from SMS' })
    .fill(await latestCardCode(TEST_CARDS.uzcard.slice(-4), dataDir));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(cards.getByRole('listitem', { name: 'Uzcard •••• 6311' })).toBeVisible();

  // Through the API, the second card, and numbers sent where no number belongs.
  const auth = await bearer(page);
  const headers = { ...auth, 'x-lang': 'en' };
  const created = await page.request.post(CALLS.createCard.path, {
    headers,
    data: { card_number: TEST_CARDS.humo, expiry: TEST_CARD_EXPIRY, phone },
  });
  expect(created.status()).toBe(200);
  answers.push(created.text());
  const { card_id: cardId } = (await created.json()) as { card_id: number };
  const confirmed = await page.request.post(CALLS.confirmCard.path, {
    headers,
    data: { card_id: cardId, code: await latestCardCode(TEST_CARDS.humo.slice(-4), dataDir) },
  });
  expect(confirmed.status()).toBe(200);
  answers.push(confirmed.text());
  for (const misplaced of [
    page.request.delete(`/api/payments/cards/${TEST_CARDS.uzcard}`, { headers }),
    page.request.post(CALLS.createCard.path, {
      headers,
      data: { card_number: TEST_CARDS.uzcard, expiry: TEST_CARD_EXPIRY, phone: TEST_CARDS.uzcard },
    }),
    page.request.get(`${CALLS.cards.path}?card=${TEST_CARDS.uzcard}`, { headers }),
  ]) {
    const answer = await misplaced;
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    expect(answer.status()).toBeLessThan(500);
    answers.push(answer.text());
  }
  await page.reload();
  await expect(cards.getByRole('listitem', { name: 'Humo •••• 0008' })).toBeVisible();
  const storage = await page.evaluate(() =>
    JSON.stringify(
      [localStorage, sessionStorage].map((area) =>
        Object.keys(area).map((key) => [key, area.getItem(key)]),
      ),
    ),
  );
  await context.close();
  await running.stop({ keepData: true });

  const { text: dump, mxik } = await dumpDatabase(dataDir);
  const scan = (text: string) => findPans(text, { ignore: mxik });
  expect(dump).toContain('860006******6311');
  expect(scan(dump)).toEqual([]);
  // Every request line of both servers is there (the embedded backend logs into the same stream).
  expect(running.log()).toContain('"url":"/api/payments/card/create"');
  expect(scan(running.log())).toEqual([]);
  for (const answer of await Promise.all(answers)) expect(scan(answer)).toEqual([]);
  expect(scan(storage)).toEqual([]);
  expect(scan(await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8'))).toEqual([]);
  expect(scan(await readFile(join(dataDir, 'payme-sandbox', 'state.json'), 'utf8'))).toEqual([]);
  await rm(dataDir, { recursive: true, force: true });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { startEmbeddedBackend, type EmbeddedBackend } from '@shop/backend';
import { describe, expect, it } from 'vitest';
import { placedEvent, sampleOrder } from '../testing/order-events';
import { oldNotifierPgliteDir, openSharedNotifierStore } from './import-old-store';
import { openNotifierStore } from './store';
import { cleanUpAfterEach } from '../testing/cleanups';

const cleanUpLater = cleanUpAfterEach();

async function startBackend(dataDir: string): Promise<EmbeddedBackend & { pglite: PGlite }> {
  const backend = await startEmbeddedBackend({ dataDir });
  cleanUpLater(() => backend.close());
  const { pglite } = backend;
  if (!pglite) throw new Error('The embedded backend without DATABASE_URL should run on PGlite');
  return { ...backend, pglite };
}

describe('openSharedNotifierStore', () => {
  it("copies an old-layout store's chat link, event and send into the backend's PGlite once, and renames the old dir", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-notifier-import-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    const now = new Date('2026-11-20T10:00:00Z');
    const event = placedEvent(41, sampleOrder('A-4101'));

    // The previous layout: the notifier's own PGlite in DATA_DIR/notifier/pglite.
    const old = await openNotifierStore({ pgliteDir: oldNotifierPgliteDir(dataDir) });
    await old.linkChat({ userId: 41, chatId: 4100, language: 'ru' }, now);
    expect(await old.recordEvents([event], now)).toEqual([event.id]);
    await old.close();

    const backend = await startBackend(dataDir);
    const { pglite } = backend;
    const { store, imported } = await openSharedNotifierStore(dataDir, pglite);
    expect(imported?.rows).toMatchObject({ chats: 1, chat_links: 1, events: 1, sends: 1 });

    expect(await store.isUserLinked(41)).toBe(true);
    expect(await store.chat(4100)).toEqual({ language: 'ru', blocked: false });
    expect(await store.eventIds()).toEqual([event.id]);
    const [send] = await store.sends();
    expect(send).toMatchObject({ eventId: event.id, chatId: 4100, state: 'pending' });
    // The rows are in the backend's database itself, next to its own tables.
    const shared = await pglite.query<{ user_id: number; chat_id: number }>(
      'select user_id::int as user_id, chat_id::int as chat_id from notifier.chat_links',
    );
    expect(shared.rows).toEqual([{ user_id: 41, chat_id: 4100 }]);
    // The sends' sequence moved past the imported ids: a new event gets a send of its own.
    const next = placedEvent(41, sampleOrder('A-4102'));
    expect(await store.recordEvents([next], now)).toEqual([next.id]);
    const sendIds = (await store.sends()).map((row) => row.sendId);
    expect(new Set(sendIds).size).toBe(2);

    const notifierEntries = await readdir(join(dataDir, 'notifier'));
    expect(notifierEntries).not.toContain('pglite');
    expect(notifierEntries.filter((name) => name.startsWith('pglite.imported-'))).toHaveLength(1);

    // Closing the store leaves the backend's database open; a second open imports nothing.
    await store.close();
    const again = await openSharedNotifierStore(dataDir, pglite);
    expect(again.imported).toBeNull();
    expect(await again.store.eventIds()).toEqual([event.id, next.id].sort());
    // Three PGlite cold starts (old store, the backend, the old store again) on a loaded machine.
  }, 240_000);

  it('imports nothing from a fresh data dir', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-notifier-import-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    const backend = await startBackend(dataDir);
    const { store, imported } = await openSharedNotifierStore(dataDir, backend.pglite);
    expect(imported).toBeNull();
    expect(await store.eventIds()).toEqual([]);
  }, 120_000);
});

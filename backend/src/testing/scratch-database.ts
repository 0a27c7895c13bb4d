// A PostgreSQL database made for one test file and dropped afterwards, on the server that
// TEST_DATABASE_URL names. Used by the backend's tests and by bot/'s tests on PostgreSQL.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `shop_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

// Creating and dropping whole databases on a PostgreSQL server, for tools that need a fresh one
// (the benchmark). Connects to the server through `adminUrl` (any database the user may reach).
import postgres from 'postgres';

function admin(adminUrl: string) {
  return postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => undefined });
}

/** Whether the server answers at all, within a few seconds. */
export async function isReachable(adminUrl: string): Promise<boolean> {
  const client = admin(adminUrl);
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 });
  }
}

/** Creates database `name` (letters, digits and _ only) and answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a safe database name: ${name}`);
  const client = admin(adminUrl);
  try {
    await client.unsafe(`create database "${name}"`);
  } finally {
    await client.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a safe database name: ${name}`);
  const client = admin(adminUrl);
  try {
    await client.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end({ timeout: 5 });
  }
}

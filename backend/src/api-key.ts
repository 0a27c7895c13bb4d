import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MIN_API_KEY_LENGTH = 16;

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * The catalogue API key of a data directory: generated once (256 random bits), stored in
 * `${dataDir}/catalog-api-key` readable by the owner only, and reused on every later start.
 */
export async function loadOrCreateApiKey(dataDir: string): Promise<string> {
  const file = join(dataDir, 'catalog-api-key');
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one key.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < MIN_API_KEY_LENGTH) {
    // The file path is fine to show; its content never is.
    throw new Error(`${file} holds no usable key; delete it to generate a new one`);
  }
  return key;
}

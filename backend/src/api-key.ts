import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MIN_API_KEY_LENGTH = 16;

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * A secret of a data directory: generated once (256 random bits), stored in `${dataDir}/${name}`
 * readable by the owner only, and reused on every later start.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < MIN_API_KEY_LENGTH) {
    // The file path is fine to show; its content never is.
    throw new Error(`${file} holds no usable secret; delete it to generate a new one`);
  }
  return secret;
}

/** The data directory unless DATA_DIR names another, for the shop and `pnpm order:status` alike. */
export const DEFAULT_DATA_DIR = './data';

export const CATALOG_API_KEY_FILE = 'catalog-api-key';
/** The secret of the operator's calls (`pnpm order:status`). */
export const OPERATOR_SECRET_FILE = 'operator-secret';
/** Where a running backend writes its own URL, for the operator's command to find it. */
export const BACKEND_URL_FILE = 'backend-url';

/** The catalogue API key of a data directory (see loadOrCreateSecret). */
export function loadOrCreateApiKey(dataDir: string): Promise<string> {
  return loadOrCreateSecret(dataDir, CATALOG_API_KEY_FILE);
}

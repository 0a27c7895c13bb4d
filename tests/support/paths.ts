import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = join(REPO_ROOT, '.tmp', 'e2e-data');
/** A bot token only for signing test launch parameters; no Telegram server ever sees it. */
export const TEST_BOT_TOKEN = '1234567890:TEST-token-for-signing-launch-params';

// The slow files vitest starts first are named by path: a file renamed or removed would silently
// fall back to vitest's own order, so every name must still be a test file.
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_TEST_FILES } from './vitest-order.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the slow files vitest starts first', () => {
  it.each(SLOW_TEST_FILES)('%s is still a test file', async (file) => {
    expect(file).toMatch(/\.test\.tsx?$/);
    await expect(access(`${REPO_ROOT}${file}`)).resolves.toBeUndefined();
  });
});

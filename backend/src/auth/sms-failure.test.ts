import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_STATUS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend';

// The SMS gateway failing is the same error whoever reports it: the backend answers with the
// status the relay uses for upstream_unavailable (once 503 here and 502 there).
describe('a sign-in code the SMS gateway cannot take', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend({ kind: 'pglite' });
    // The console provider writes into DATA_DIR/outbox/: a plain file in its place makes every
    // send fail the way a gateway outage does.
    await writeFile(join(backend.dataDir, 'outbox'), 'not a folder');
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers 502 upstream_unavailable, the status of that code in the shared table', async () => {
    const answer = await backend.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '+998901230011', user_type: 'null' },
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.statusCode).toBe(ERROR_STATUS.upstream_unavailable);
    expect(answer.json()).toMatchObject({ code: 'upstream_unavailable' });
  });
});

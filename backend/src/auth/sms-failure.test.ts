import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_STATUS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend';

// Whatever provider fails (here the console one, whose outbox cannot be written), the shopper
// gets the same answer: sms_unavailable, with the status of that code in the shared table.
describe('a sign-in code the SMS provider cannot take', () => {
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

  it('answers 503 sms_unavailable, the status of that code in the shared table', async () => {
    const answer = await backend.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '+998901230011', user_type: 'null' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.statusCode).toBe(ERROR_STATUS.sms_unavailable);
    expect(answer.json()).toMatchObject({ code: 'sms_unavailable', retry_after: 60 });
  });
});

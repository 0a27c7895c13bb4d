import { it } from 'vitest';
import { createTestBackend } from '../testing/test-backend';

it('probe', async () => {
  const t = await createTestBackend({ kind: 'pglite' });
  for (const depth of [1000, 3000, 5000, 10000, 50000]) {
    const payload = '{"phone":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', headers: { 'content-type': 'application/json' }, payload });
    console.log(depth, r.statusCode);
    const payload2 = '{"phone":' + '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) + '}';
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', headers: { 'content-type': 'application/json' }, payload: payload2 });
    console.log(depth, 'obj', r2.statusCode);
  }
  console.log(t.logs.filter((l) => l.includes('"level":50')).map((l) => l.slice(0, 1500)).join('\n'));
  await t.close();
});

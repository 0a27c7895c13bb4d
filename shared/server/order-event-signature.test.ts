import { describe, expect, it } from 'vitest';
import { checkOrderEventsSignature, signOrderEvents } from './order-event-signature';

const SECRET = 'a-secret-of-the-shop';
const BODY = '{"events":[]}';
const NOW = Date.UTC(2026, 10, 24, 9, 0, 0);

describe('order-event signatures', () => {
  it('accepts what it signed, within five minutes either way', () => {
    const headers = signOrderEvents(SECRET, BODY, NOW);
    expect(checkOrderEventsSignature(SECRET, BODY, headers, NOW)).toEqual({ ok: true });
    expect(checkOrderEventsSignature(SECRET, BODY, headers, NOW + 299_000)).toEqual({ ok: true });
    expect(checkOrderEventsSignature(SECRET, BODY, headers, NOW - 299_000)).toEqual({ ok: true });
  });

  it('refuses another body, another secret, a stale or missing stamp', () => {
    const headers = signOrderEvents(SECRET, BODY, NOW);
    const refused = (reason: string) => ({ ok: false, reason });
    expect(checkOrderEventsSignature(SECRET, `${BODY} `, headers, NOW)).toEqual(
      refused('mismatch'),
    );
    expect(checkOrderEventsSignature('other', BODY, headers, NOW)).toEqual(refused('mismatch'));
    expect(checkOrderEventsSignature(SECRET, BODY, headers, NOW + 301_000)).toEqual(
      refused('stale'),
    );
    expect(checkOrderEventsSignature(SECRET, BODY, {}, NOW)).toEqual(refused('missing'));
    expect(
      checkOrderEventsSignature(SECRET, BODY, { ...headers, 'x-shop-timestamp': '1e9' }, NOW),
    ).toEqual(refused('mismatch'));
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
// The servers' zod settings: English messages, which name the unknown key.
import '#zod-on-servers';
import { fieldErrors } from './contracts/common';
import { redactDigitRuns } from './redact';

describe('redactDigitRuns', () => {
  it('blots out runs of 13 or more digits, grouped or solid, and leaves shorter numbers', () => {
    expect(redactDigitRuns('card 8600 0691 9540 6311 here')).toBe('card [digits] here');
    expect(redactDigitRuns('/api/payments/cards/8600069195406311/default')).toBe(
      '/api/payments/cards/[digits]/default',
    );
    expect(redactDigitRuns('order UY-001001, phone +998901234567')).toBe(
      'order UY-001001, phone +998901234567',
    );
  });

  it('keeps a card number sent as an unknown key out of validation details', () => {
    const result = z.strictObject({}).safeParse({ '8600-0691-9540-6311': 1 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const text = JSON.stringify(fieldErrors(result.error));
    expect(text).not.toMatch(/8600.?0691/);
    expect(text).toContain('[digits]');
  });
});

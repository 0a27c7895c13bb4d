import { describe, expect, it } from 'vitest';
import { invoiceSlug } from './telegram-invoice';

describe('the slug of an invoice link', () => {
  it('is read from both forms createInvoiceLink answers, and from nothing else', () => {
    expect(invoiceSlug('https://t.me/$AbC-123_x')).toBe('AbC-123_x');
    expect(invoiceSlug('https://t.me/invoice/AbC-123_x')).toBe('AbC-123_x');
    expect(invoiceSlug('https://example.com/$AbC')).toBeNull();
    expect(invoiceSlug('https://t.me/shop_bot')).toBeNull();
    expect(invoiceSlug('not a link')).toBeNull();
  });
});

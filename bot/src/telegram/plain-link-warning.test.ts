import { describe, expect, it } from 'vitest';
import { plainLinkWarning } from './plain-link-warning';

describe('the plain link warning', () => {
  it('warns of plain link buttons when the bot runs behind an http address', () => {
    expect(plainLinkWarning('http://127.0.0.1:3000', true)).toMatch(
      /^PUBLIC_URL http:\/\/127\.0\.0\.1:3000 is not https: .*plain link buttons/,
    );
  });

  it('says nothing over https or without a bot', () => {
    expect(plainLinkWarning('https://shop.example.uz', true)).toBeNull();
    expect(plainLinkWarning('http://127.0.0.1:3000', false)).toBeNull();
  });
});

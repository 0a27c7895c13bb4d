import { describe, expect, it } from 'vitest';
import { findPans } from './pan-scan';

const PAN = '8600069195406311';

describe('findPans', () => {
  it.each([
    ['solid', `card ${PAN} added`],
    ['in groups of four', 'card 8600 0691 9540 6311 added'],
    ['split by dashes', 'card 8600-0691-9540-6311'],
    ['in a JSON string', `{"card_number":"${PAN}"}`],
    ['as a JSON number', `{"card_number":${PAN}}`],
    ['after a JSON newline escape', `"line one\\n${PAN}"`],
    ['at the start and end of the text', PAN],
    ['with a year written after it', '8600 0691 9540 6311 2099'],
    ['a 19-digit number', '6250941006528599123'],
    ['a 13-digit number', '4222222222222'],
  ])('finds a card number %s', (_label, text) => {
    expect(findPans(text).length).toBeGreaterThan(0);
  });

  it.each([
    ['one digit off (Luhn fails)', 'card 8600069195406312'],
    ['a masked number', 'card 860006******6311'],
    ['twelve digits', '123456789012'],
    ['part of a 20-digit run', `${PAN}0000`],
    ['a decimal fraction', `"responseTime":0.${PAN}`],
    ['the whole part of a decimal', `${PAN}.5`],
    ['glued to letters (a digest)', `ab${PAN}cd`],
    ['two spaces between groups', '8600  0691  9540  6311'],
    ['an ISO time', '"time":"2026-03-10T06:00:00.000Z"'],
    ['a phone number', '+998 90 123 45 67'],
  ])('skips %s', (_label, text) => {
    expect(findPans(text)).toEqual([]);
  });

  it('says which digits and where', () => {
    const [hit] = findPans(`{"a":1,"card":"${PAN}","b":2}`);
    expect(hit?.digits).toBe(PAN);
    expect(hit?.context).toContain('"card"');
  });

  it('leaves out the numbers it is told are not cards (MXIK product codes)', () => {
    const mxik = '06911001001010001';
    expect(findPans(`"mxik":"${mxik}"`)).toHaveLength(1);
    expect(findPans(`"mxik":"${mxik}"`, { ignore: new Set([mxik]) })).toEqual([]);
    expect(findPans(`"mxik":"${mxik}","pan":"${PAN}"`, { ignore: new Set([mxik]) })).toHaveLength(
      1,
    );
  });

  it('skips an epoch-millisecond time that happens to pass Luhn: 13 digits not led by 4', () => {
    // Only Visa ever issued 13-digit numbers; a saved cart's changedAt is 13 digits too.
    expect(findPans('"time":1773122400006')).toEqual([]);
    expect(findPans('"changedAt":1795527994333')).toEqual([]);
    expect(findPans('old visa 4222222222222 here').map((hit) => hit.digits)).toEqual([
      '4222222222222',
    ]);
  });
});

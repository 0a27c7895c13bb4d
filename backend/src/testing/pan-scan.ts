// Finds card numbers in text: Luhn-valid runs of 13 to 19 digits, written solid or in groups
// split by single spaces or dashes ("8600 0691 9540 6311", "8600-0691-…"). Used by tests that
// look through database dumps, logs, answers and the SMS outbox for a full card number.
//
// What is not a card number, and is skipped so scans do not cry wolf:
// - digits of a decimal fraction (0.8600069195406311) or the whole part of one;
// - a solid run longer than 19 digits (only group boundaries split a run);
// - digits glued to letters (a hex digest or a token is one word, not a number);
// - a 13-digit run that does not start with 4: only Visa ever issued 13-digit numbers, and a
//   time in milliseconds (1795527994333, in every saved cart) is 13 digits that pass Luhn one
//   time in ten.
// JSON escapes (\n, \t) are read as the spaces they stand for.
//
// Product codes of the tax catalogue (MXIK, 17 digits) pass Luhn now and then (8 of the 71 in the
// demo seed do): a scan is given them in `ignore`, as known public numbers that are not cards.

export interface PanHit {
  /** The digits found, separators removed. */
  digits: string;
  /** Up to 30 characters either side, to say where. */
  context: string;
}

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const CHAIN = /\d+(?:[ -]\d+)*/g;
const WORD = /[A-Za-z0-9_]/;

export interface FindPansOptions {
  /** Digit strings known not to be card numbers (the catalogue's MXIK codes). */
  ignore?: ReadonlySet<string>;
}

export function findPans(input: string, options: FindPansOptions = {}): PanHit[] {
  const text = input.replace(/\\[nrtbf]/g, '  ');
  const hits: PanHit[] = [];
  for (const match of text.matchAll(CHAIN)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text[start - 1] ?? '';
    const after = text[end] ?? '';
    if (WORD.test(before) || WORD.test(after)) continue;
    const groups = match[0].split(/[ -]/);
    // A fraction's digits, or the whole part before one, are not part of any card number.
    if (before === '.' && /\d/.test(text[start - 2] ?? '')) groups.shift();
    if (after === '.' && /\d/.test(text[end + 1] ?? '')) groups.pop();
    for (let i = 0; i < groups.length; i += 1) {
      let digits = '';
      for (let j = i; j < groups.length; j += 1) {
        digits += groups[j] ?? '';
        if (digits.length > 19) break;
        if (digits.length === 13 && !digits.startsWith('4')) continue;
        if (digits.length >= 13 && isLuhnValid(digits) && !options.ignore?.has(digits)) {
          hits.push({
            digits,
            context: text.slice(Math.max(0, start - 30), Math.min(text.length, end + 30)),
          });
        }
      }
    }
  }
  return hits;
}

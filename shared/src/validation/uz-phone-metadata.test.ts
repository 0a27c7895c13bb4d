import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import mobileMetadata from 'libphonenumber-js/metadata.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { isUzMobileNationalNumber } from './phone';
import { UZ_MOBILE } from './uz-phone-metadata';

/** What the installed library says, with every country's metadata. */
function libraryCallsMobile(national: string): boolean {
  const parsed = parsePhoneNumberFromString(`+998${national}`);
  return parsed?.isValid() === true && parsed.country === 'UZ';
}

describe('UZ_MOBILE', () => {
  it("is the installed libphonenumber-js's mobile metadata for Uzbekistan, unchanged", () => {
    // After a library update that changed Uzbekistan's numbering, copy the new values over.
    const uz = mobileMetadata.countries.UZ;
    expect(mobileMetadata.country_calling_codes[UZ_MOBILE.callingCode]).toEqual(['UZ']);
    expect(uz?.[0]).toBe(UZ_MOBILE.callingCode);
    expect(uz?.[2]).toBe(UZ_MOBILE.nationalNumberPattern);
    expect(uz?.[3]).toEqual(UZ_MOBILE.nationalNumberLengths);
    // [fixed line, mobile, …]: the mobile entry is the pattern alone (the country's lengths).
    expect(uz?.[11]).toEqual([0, [UZ_MOBILE.mobilePattern]]);
  });

  it('judges every number as the library does (operator codes, lengths, stray digits)', () => {
    const prefixes = ['20', '33', '50', '55', '61', '62', '65', '66', '69', '70', '71', '72'];
    const national = fc.oneof(
      fc.stringMatching(/^\d{7,10}$/),
      fc
        .tuple(
          fc.constantFrom(...prefixes, '73', '74', '75', '77', '78', '79', '87', '88', '90', '99'),
          fc.stringMatching(/^\d{5,8}$/),
        )
        .map(([prefix, rest]) => prefix + rest),
    );
    fc.assert(
      fc.property(national, (digits) => {
        expect(isUzMobileNationalNumber(digits), digits).toBe(libraryCallsMobile(digits));
      }),
      { numRuns: 5000 },
    );
  });
});

import mobileMetadata from 'libphonenumber-js/metadata.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { UZ_MOBILE_METADATA } from './uz-phone-metadata';

describe('UZ_MOBILE_METADATA', () => {
  it("is the installed libphonenumber-js's mobile metadata for +998 and Uzbekistan, unchanged", () => {
    // After a library update that changed Uzbekistan's numbering, copy the new entry over.
    expect(UZ_MOBILE_METADATA).toEqual({
      version: mobileMetadata.version,
      country_calling_codes: { '998': mobileMetadata.country_calling_codes['998'] },
      countries: { UZ: mobileMetadata.countries.UZ },
      nonGeographic: {},
    });
  });

  it('names no other country, so no other country can be parsed with it', () => {
    expect(Object.keys(UZ_MOBILE_METADATA.countries)).toEqual(['UZ']);
    expect(Object.keys(UZ_MOBILE_METADATA.country_calling_codes)).toEqual(['998']);
  });
});

import { describe, expect, it } from 'vitest';
import { waitInUnits } from './wait';

describe('waitInUnits', () => {
  it('rounds up to whole hours from an hour, else to whole minutes (at least one)', () => {
    expect(waitInUnits(24 * 3600)).toEqual({ unit: 'hours', value: 24 });
    expect(waitInUnits(3601)).toEqual({ unit: 'hours', value: 2 });
    expect(waitInUnits(3600)).toEqual({ unit: 'hours', value: 1 });
    expect(waitInUnits(3599)).toEqual({ unit: 'minutes', value: 60 });
    expect(waitInUnits(1)).toEqual({ unit: 'minutes', value: 1 });
  });
});

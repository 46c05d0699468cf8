import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatCoordinates } from '../../../src/client/lib/format-coordinates';

describe('coordinates for people (one formatter for every page)', () => {
  it('writes degrees with five decimals in the number format of the UI language', () => {
    expect(formatCoordinates(60.18725, 24.94021, 'en')).toBe('60.18725, 24.94021');
    expect(formatCoordinates(60.18725, 24.94021, 'fi')).toBe('60,18725, 24,94021');
    expect(formatCoordinates(60.18725, 24.94021, 'sv')).toBe('60,18725, 24,94021');
    expect(formatCoordinate(60.1699, 'fi')).toBe('60,16990');
  });

  it('never groups thousands and keeps the sign', () => {
    expect(formatCoordinate(-122.41941, 'fi')).toBe('−122,41941'.replace('−', new Intl.NumberFormat('fi-FI').format(-1).charAt(0)));
    expect(formatCoordinate(-122.41941, 'en')).toBe('-122.41941');
    expect(formatCoordinate(179.999999, 'en')).toBe('180.00000');
  });
});

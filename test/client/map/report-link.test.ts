import { describe, expect, it } from 'vitest';
import { reportLinkAt } from '../../../src/client/features/map/lib/report-link';

describe('the report link of a point picked on the map', () => {
  it('is /report?lat&lon with dot decimals and six digits', () => {
    expect(reportLinkAt(60.1698557, 24.9383791)).toBe('/report?lat=60.169856&lon=24.938379');
    expect(reportLinkAt(60.2, 25)).toBe('/report?lat=60.200000&lon=25.000000');
  });

  it('keeps the sign of southern and western points', () => {
    expect(reportLinkAt(-33.5, -70.25)).toBe('/report?lat=-33.500000&lon=-70.250000');
  });

  it('brings a point clicked on a copy of the world east or west back to −180…180', () => {
    expect(reportLinkAt(60.17, 24.94 + 360)).toBe('/report?lat=60.170000&lon=24.940000');
    expect(reportLinkAt(60.17, 24.94 - 720)).toBe('/report?lat=60.170000&lon=24.940000');
  });
});

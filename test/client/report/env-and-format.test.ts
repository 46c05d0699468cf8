import { describe, expect, it } from 'vitest';
import { ClientEnvError, defaultClientEnv, parseClientEnv } from '../../../src/client/lib/env';
import { excerpt, formatBytes, formatDate } from '../../../src/client/features/report/lib/format';
import { formatCoordinates } from '../../../src/client/lib/format-coordinates';
import { filterServiceTypes } from '../../../src/client/features/report/lib/filter-service-types';
import { scaledSize } from '../../../src/client/features/report/photos/resize-image';
import { serviceType } from './report-test-utils';

describe('map settings from the environment', () => {
  it('defaults to OpenStreetMap over Helsinki', () => {
    expect(parseClientEnv({})).toEqual(defaultClientEnv);
    expect(defaultClientEnv.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(defaultClientEnv.mapTileAttribution).toContain('OpenStreetMap');
  });

  it('takes a tile server, centre and zoom', () => {
    expect(parseClientEnv({ VITE_MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png', VITE_MAP_CENTER: '60.45, 22.27', VITE_MAP_ZOOM: '12' })).toMatchObject({
      mapTileUrl: '/tiles/{z}/{x}/{y}.png',
      mapCenter: [60.45, 22.27],
      mapZoom: 12,
    });
  });

  it.each([
    [{ VITE_MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' }, 'VITE_MAP_TILE_URL'],
    [{ VITE_MAP_TILE_URL: 'javascript:alert(1)/{z}/{x}/{y}' }, 'VITE_MAP_TILE_URL'],
    [{ VITE_MAP_CENTER: '60.1' }, 'VITE_MAP_CENTER'],
    [{ VITE_MAP_CENTER: '95,24' }, 'VITE_MAP_CENTER'],
    [{ VITE_MAP_ZOOM: '25' }, 'VITE_MAP_ZOOM'],
  ])('refuses %j, naming the variable', (raw, name) => {
    expect(() => parseClientEnv(raw)).toThrow(ClientEnvError);
    expect(() => parseClientEnv(raw)).toThrow(name);
  });
});

describe('formatting for people', () => {
  it('writes dates, sizes and coordinates the way each language does', () => {
    expect(formatDate('2025-03-04T10:00:00+02:00', 'fi')).toBe('4. maaliskuuta 2025');
    expect(formatDate('2025-03-04T10:00:00+02:00', 'en')).toBe('4 March 2025');
    expect(formatBytes(1.5 * 1024 * 1024, 'fi')).toMatch(/^1,5\sMt$/);
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatCoordinates(60.1699, 24.9384, 'fi')).toBe('60,16990, 24,93840');
  });

  it('cuts excerpts at a word', () => {
    expect(excerpt('one two three four', 15)).toBe('one two three…');
    expect(excerpt('abcdefghijklmnop', 10)).toBe('abcdefghij…'); // no space near the end: cut the word
    expect(excerpt('  short\n text ')).toBe('short text');
  });
});

describe('service type search', () => {
  const types = [serviceType('1', 'Potholes', 'Streets', { keywords: 'asphalt,hole' }), serviceType('2', 'Töölö benches', 'Parks')];
  it('matches name, keywords and group, ignoring case and accents', () => {
    expect(filterServiceTypes(types, 'ASPHALT').map((type) => type.service_code)).toEqual(['1']);
    expect(filterServiceTypes(types, 'toolo').map((type) => type.service_code)).toEqual(['2']);
    expect(filterServiceTypes(types, 'parks bench').map((type) => type.service_code)).toEqual(['2']);
    expect(filterServiceTypes(types, '  ')).toHaveLength(2);
  });
});

describe('photo size', () => {
  it('scales the long side to 2048 and never enlarges', () => {
    expect(scaledSize(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(scaledSize(3000, 4000, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(scaledSize(800, 600, 2048)).toEqual({ width: 800, height: 600 });
  });
});

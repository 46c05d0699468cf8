import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyServiceType, serviceNamesByCode } from '../../src/client/api/get-service-list';
import { parseServiceList } from '../../src/client/lib/parse-service-types';
import { jsonResponse, mockFetch, renderApp } from './render-app';

const untidyList = [
  { service_code: '171', service_name: 'Street condition', group: 'Streets' },
  { service_code: '172' },
  { service_code: 173, service_name: '' },
];

describe('the one service list query', () => {
  it('keeps the usable entries and remembers where the first unusable one was', () => {
    const list = parseServiceList(untidyList, '/s');
    expect(list.serviceTypes.map((entry) => entry.service_code)).toEqual(['171', '173']);
    expect(list.firstUnusableEntry).toBe(2);
    expect(() => parseServiceList({}, '/s')).toThrow('not a JSON array');
  });

  it('gives the whole list only when every entry is usable, and names by code from any list', () => {
    const untidy = parseServiceList(untidyList, '/s');
    expect(() => everyServiceType(untidy)).toThrow('entry 2 has no service_code or service_name');
    expect(serviceNamesByCode(untidy)).toEqual({ '171': 'Street condition' });
    const tidy = parseServiceList([untidyList[0]], '/s');
    expect(everyServiceType(tidy).map((entry) => entry.service_name)).toEqual(['Street condition']);
  });

  it('is asked for once per locale, however many pages read it', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/proxy/open311/v1/services.json'
        ? jsonResponse([{ service_code: '171', service_name: 'Street condition', description: '', group: 'Streets' }])
        : jsonResponse([]),
    );
    const { router } = renderApp({ path: '/', language: 'en' });
    // The map's problem-type filter, then the report form's type choice, from the same answer.
    expect(await screen.findByRole('checkbox', { name: 'Street condition' })).toBeTruthy();
    await router.navigate('/report');
    expect(await screen.findByRole('radio', { name: 'Street condition' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/services.json'));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!, 'http://localhost').searchParams.get('locale')).toBe('en');
  });
});

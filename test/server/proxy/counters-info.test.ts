/**
 * GET /proxy/counters-info: how the web app learns the attribution the counter data's licence
 * requires, with no key or secret, derived from COUNTERS_URL.
 */
import { describe, expect, it } from 'vitest';
import { createCountersApp } from '../counters/counters-app';

const helsinki = {
  source: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
  sourceUrl: 'https://lidotiku.api.hel.fi/api/',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
};

describe('the counter data attribution', () => {
  it('is the City of Helsinki\'s CC BY 4.0 credit, in fi, sv and en, when COUNTERS_URL is the real service', async () => {
    const t = await createCountersApp([], { COUNTERS_URL: 'https://lidotiku.api.hel.fi/api/counters' });
    try {
      const response = await t.app.inject('/proxy/counters-info');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual({ attribution: helsinki });
    } finally {
      await t.close();
    }
  });

  it('is null for the embedded demo counters', async () => {
    const t = await createCountersApp([]);
    try {
      expect((await t.app.inject('/proxy/counters-info')).json()).toEqual({ attribution: null });
    } finally {
      await t.close();
    }
  });

  it('is known by host name, whatever the path, port or case; unknown services have none', async () => {
    for (const [url, expected] of [
      ['https://LIDOTIKU.api.hel.fi:443/other/path', helsinki],
      ['https://counters.example.org/api/counters', null],
    ] as const) {
      const t = await createCountersApp([], { COUNTERS_URL: url });
      try {
        expect((await t.app.inject('/proxy/counters-info')).json(), url).toEqual({ attribution: expected });
      } finally {
        await t.close();
      }
    }
  });
});

/**
 * The GeoReport route schemas are the edge: one route per resource, whose schemas validate and
 * type the query as GeoReport clients send it, and answer a bad one with GeoReport error records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoReportSchemas } from '../../../src/server/georeport/routes/schemas';
import { GeoReportError } from '../../../src/server/open311/errors';
import { geoReportRefusal } from '../../../src/server/open311/validation-errors';
import { zodValidatorCompiler } from '../../../src/server/http/route-validation';
import { createTestApp, startTime, type TestApp } from '../../helpers/georeport-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GeoReport routes', () => {
  it.each([
    ['GET', '/discovery'],
    ['GET', '/services'],
    ['GET', '/services/:service_code'],
    ['GET', '/requests'],
    ['POST', '/requests'],
    ['GET', '/requests/:service_request_id'],
    ['GET', '/requests/:service_request_id/followers'],
    ['POST', '/requests/:service_request_id/followers'],
  ] as const)('%s %s is one route, with its format suffix', (method, path) => {
    expect(t.app.hasRoute({ method, url: `/open311/v1${path}.:format` })).toBe(true);
  });

  it.each([
    ['GET', '/:file'],
    ['POST', '/:file'],
    ['GET', '/services/:file'],
    ['GET', '/requests/:file'],
    ['GET', '/requests/:id/:file'],
    ['POST', '/requests/:id/:file'],
  ] as const)('has no file-name twin %s %s', (method, path) => {
    expect(t.app.hasRoute({ method, url: `/open311/v1${path}` })).toBe(false);
  });
});

describe('GeoReport query schemas', () => {
  const schemas = geoReportSchemas('kerro.local', () => startTime);

  it('read repeated parameters as comma lists and types the listing query', () => {
    const parsed = schemas.requestList.querystring.safeParse({ status: ['open', 'CLOSED'], extensions: 'TRUE', locale: 'fi_FI', service_code: ' 171 ' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ statuses: ['open', 'closed'], extensions: true, locale: 'fi', serviceCodes: ['171'] });
    expect(parsed.data?.requestedFrom).toBe(startTime - 90 * 24 * 60 * 60 * 1000);
  });

  it('report every problem of a query as a 400 record, in order', () => {
    const validate = zodValidatorCompiler(geoReportRefusal)({ schema: schemas.requestList.querystring, method: 'GET', url: '/requests.:format', httpPart: 'querystring' });
    const result = validate({ status: 'bogus', lat: '91', long: '2', radius: '-1' });
    const error = typeof result === 'object' && 'error' in result ? result.error : undefined;
    expect(error).toBeInstanceOf(GeoReportError);
    expect((error as GeoReportError).records).toEqual([
      { code: 400, description: 'status must be open, closed or both (comma separated); got bogus' },
      { code: 400, description: 'lat must be a number from -90 to 90 (WGS84 degrees)' },
      { code: 400, description: 'radius must be a number from 0 to 100000 (meters)' },
    ]);
  });

  it('answer an unknown jurisdiction as the one 404, whatever else is wrong', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/open311/v1/requests/x.xml?jurisdiction_id=elsewhere&extensions=maybe' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.body).toContain('<description>jurisdiction_id elsewhere not found; this server serves kerro.local</description>');
    expect(response.body).not.toContain('extensions');
  });
});

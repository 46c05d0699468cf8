import { describe, expect, it } from 'vitest';
import { refusalReason } from '../../../src/server/forwarding/refusal-reason';

describe("a case system's reason for a refusal, from the shape its error body has", () => {
  it.each([
    ['GeoReport JSON error records', 'application/json', '[{"code":400,"description":"service_code not found"},{"code":400,"description":"lat is required"}]', 'service_code not found; lat is required'],
    ['GeoReport XML error records', 'text/xml', '<?xml version="1.0"?><errors><error><code>403</code><description>api_key not valid</description></error></errors>', 'api_key not valid'],
    ["DRF's detail with field errors", 'application/json', '{"code":400,"detail":{"non_field_errors":["Service code 180 is invalid"],"lat":["A valid number is required."]}}', 'Service code 180 is invalid; lat: A valid number is required.'],
    ["DRF's plain detail", 'application/json', '{"detail":"Authentication credentials were not provided."}', 'Authentication credentials were not provided.'],
    ['DRF field errors without detail', 'application/json', '{"description":["This field is required."]}', 'description: This field is required.'],
    ['plain text, on one line', 'text/plain', 'Bad request:\n  unknown   service', 'Bad request: unknown service'],
    ["an HTML error page (a proxy's, not the case system's words)", 'text/html', '<html><body><h1>400 Bad Request</h1></body></html>', ''],
    ['nothing', 'application/json', '', ''],
  ])('%s', (_shape, contentType, body, reason) => {
    expect(refusalReason(body, contentType)).toBe(reason);
  });

  it('is shortened to one console row', () => {
    const reason = refusalReason(JSON.stringify({ detail: 'x'.repeat(1000) }), 'application/json');
    expect(reason).toHaveLength(300);
    expect(reason.endsWith('…')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, api, type UploadProgress } from '../../../src/client/lib/http-client';
import { stubXhr } from './report-test-utils';

describe('postForm (XMLHttpRequest with upload progress)', () => {
  it('reports the bytes sent and resolves with the parsed JSON', async () => {
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'abc', service_notice: '' }] }));
    const progress: UploadProgress[] = [];
    const form = new FormData();
    form.append('description', 'hello');
    const body = await api.postForm('/proxy/open311/v1/requests.json', form, { onProgress: (event) => progress.push(event) });
    expect(body).toEqual([{ service_request_id: 'abc', service_notice: '' }]);
    expect(progress).toEqual([
      { loaded: 400, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/proxy/open311/v1/requests.json', body: form });
  });

  it('sends the headers it is given (the Idempotency-Key)', async () => {
    const calls = stubXhr(() => ({ status: 200, body: [] }));
    await api.postForm('/x', new FormData(), { headers: { 'Idempotency-Key': '"k-1"' } });
    expect(calls[0]!.headers).toEqual({ Accept: 'application/json', 'Idempotency-Key': '"k-1"' });
  });

  it('fails with the same ApiError as fetch requests: records from a GeoReport error array', async () => {
    stubXhr(() => ({ status: 400, body: [{ code: 400, description: 'description must be at least 10 characters' }] }));
    const error = await api.postForm('/x', new FormData()).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400, errors: [{ code: 400, description: 'description must be at least 10 characters' }] });
  });

  it('tells a lost connection apart', async () => {
    stubXhr(() => 'network-error');
    const error = await api.postForm('/x', new FormData()).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
  });

  it('does not start when already cancelled', async () => {
    const calls = stubXhr(() => ({ status: 201, body: [] }));
    const error = await api.postForm('/x', new FormData(), { signal: AbortSignal.abort() }).catch((reason: unknown) => reason);
    expect((error as Error).name).toBe('AbortError');
    expect(calls).toHaveLength(0);
  });
});

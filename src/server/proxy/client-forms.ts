/**
 * The browser's forms with photos, as the proxy reads and forwards them (a report, a resident's
 * update): read once with the photos spooled to disk and any api_key dropped, then, for another
 * city's service, sent on as multipart with the proxy's key and the photos streamed from the spool.
 */
import { withoutSecrets } from '../http/known-secrets';
import type { FastifyRequest } from 'fastify';
import { openAsBlob } from 'node:fs';
import { FormData } from 'undici';
import { photoTooLarge } from '../../shared/georeport/problems';
import type { AppContext } from '../context';
import { badRequest, GeoReportError } from '../open311/errors';
import { readForm, type ReadForm } from '../open311/form-reader';
import type { SpooledFile, UploadSpool } from '../open311/upload-spool';
import type { StoredAnswer } from '../storage/repositories/types';
import { callUpstream, UpstreamError, type UpstreamResponse } from './upstream';
import type { Upstreams } from './upstreams';

// The browser never supplies the key, nor vouches for an address; the proxy does.
const ignoredFields = new Set(['api_key', 'verified_email']);

/** An answer to a submission: kept whole for repeats, sent with the upstream's other headers the first time. */
export type SubmissionAnswer = StoredAnswer & { headers?: Record<string, string> };

/** The browser's form, re-read: fields (api_key dropped) and photos spooled to disk. */
export function readClientForm(request: FastifyRequest, spool: UploadSpool) {
  return readForm<SpooledFile>(request, {
    ignoredFields,
    receiveFile: async (part) => {
      const file = await spool.add(part.fieldname, part.filename, part.mimetype, part.file);
      if (part.file.truncated) throw badRequest(photoTooLarge);
      return file;
    },
  });
}

/** Upstream failures become GeoReport error records, so the browser sees one error shape. */
export async function upstreamCall(call: () => Promise<UpstreamResponse>): Promise<UpstreamResponse> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UpstreamError) throw new GeoReportError(error.statusCode, error.message);
    throw error;
  }
}

/**
 * Another city's service: the form again as multipart, the photos streamed from the spool. The
 * idempotency key goes along: a service that honours it dedupes too (one the proxy let go after
 * a timeout, say); one that does not ignores it.
 */
export function clientFormForwarder({ context, upstreams, apiKey }: { context: AppContext; upstreams: Upstreams; apiKey: () => string }) {
  return async (request: FastifyRequest, path: string, { fields, files }: ReadForm, idempotencyKey: string | undefined): Promise<SubmissionAnswer> => {
    const form = new FormData();
    form.append('api_key', apiKey());
    for (const [field, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(field, item);
    }
    for (const file of files) {
      form.append(file.fieldName, await openAsBlob(file.path, { type: file.contentType }), file.fileName);
    }
    const url = `${upstreams.open311()}/${path}`;
    const response = await upstreamCall(() =>
      callUpstream('issue reporting', url, {
        method: 'POST',
        headers: { ...upstreams.open311ClientOrigin(request), ...(idempotencyKey === undefined ? {} : { 'idempotency-key': `"${idempotencyKey}"` }) },
        body: form as never,
        timeoutMs: context.config.UPLOAD_TIMEOUT_MS,
        metrics: context.metrics,
      }),
    );
    // Read fully before the spool goes: the upstream may still be reading the photos. A service
    // that quotes the key it refused must not hand our key to the browser.
    const body = withoutSecrets(Buffer.from(await response.body.arrayBuffer()).toString('utf8'), [apiKey()]);
    const { 'content-type': contentType = '', ...headers } = response.headers;
    return { statusCode: response.statusCode, contentType, body, headers };
  };
}

/**
 * `POST /proxy/open311/v1/requests/{id}/updates.{json,xml}`: the browser's update on a published
 * report, read as a report is (client-forms.ts: photos spooled, any api_key or verified_email the
 * browser sent dropped), checked with the shared schema, and sent on with the proxy's key. When a
 * resident is signed in (residents/session.ts), their proven address goes along as
 * `verified_email`: the service takes "fixed" / "still there" only when it is the reporter's.
 * Limited per client like reports (PROXY_POSTS_PER_MINUTE), with a count of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyPhotos } from '../../shared/georeport/problems';
import { describeIssues } from '../../shared/georeport/request-input-schema';
import { missingUpdateText, residentUpdateFields, residentUpdateInputSchema, stateOnlyForReporter } from '../../shared/georeport/resident-update-input';
import type { AppContext } from '../context';
import { badRequest } from '../open311/errors';
import { singleValues } from '../open311/form-reader';
import { sendStoredAnswer } from '../open311/idempotency';
import { createUploadSpool, uploadSpoolDirectory } from '../open311/upload-spool';
import { residentOf } from '../residents/session';
import { clientFormForwarder, readClientForm, type SubmissionAnswer } from './client-forms';
import { proxySchemas, type UpdateParams } from './route-schemas';
import type { Upstreams } from './upstreams';

export function registerUpdatesProxy(app: FastifyInstance, context: AppContext, upstreams: Upstreams, apiKey: () => string): void {
  const { config } = context;
  const forwardOverHttp = clientFormForwarder({ context, upstreams, apiKey });
  app.post(
    '/requests/:id/updates.:format',
    { schema: proxySchemas.residentUpdate, config: { rateLimit: { max: config.PROXY_POSTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request: FastifyRequest<{ Params: UpdateParams }>, reply) => {
      // The schema read the report (forwarded, one segment) and the format: 404 for what names none.
      const { id, format } = request.params;
      const spool = await createUploadSpool(uploadSpoolDirectory(config));
      try {
        const form = await readClientForm(request, spool);
        const { values, problems } = singleValues(form.fields, [...residentUpdateFields, 'locale']);
        const missingText = !values.description?.trim();
        if (missingText) problems.push(missingUpdateText);
        const parsed = residentUpdateInputSchema.safeParse(values);
        if (!parsed.success) problems.push(...describeIssues(parsed.error).filter((issue) => !(missingText && issue.field === 'description')).map((issue) => issue.message));
        const files = form.files.filter((file) => file.bytes > 0);
        if (files.length > 1) problems.push(tooManyPhotos.text({ limit: 1 }));
        const resident = await residentOf(context, request);
        if (parsed.success && parsed.data.state !== undefined && !resident) problems.push(stateOnlyForReporter);
        if (problems.length > 0) throw badRequest(problems);

        const fields = { ...form.fields, ...(resident ? { verified_email: resident.email } : {}) };
        const embedded = upstreams.embeddedGeoReport;
        const answer: SubmissionAnswer = embedded
          ? await embedded.postUpdate(format, id, { fields: { ...fields, api_key: apiKey() }, files })
          : await forwardOverHttp(request, `requests/${encodeURIComponent(id)}/updates.${format}`, { fields, files }, undefined);
        if (answer.headers) reply.headers(answer.headers);
        return sendStoredAnswer(reply, answer);
      } finally {
        await spool.dispose();
      }
    },
  );
}

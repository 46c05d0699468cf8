/**
 * `POST /proxy/open311/v1/requests/{id}/followers.{json,xml}`: the browser's "follow this
 * report", checked with the shared email rule and forwarded with the proxy's key; and
 * `…/requests/{id}/abuse.{json,xml}`, a report of abuse (issue 28), the same way. Limited per client
 * like reports (PROXY_POSTS_PER_MINUTE), with a count of its own; the embedded service is told the
 * browser's address for its limits per client. The address goes on in the body
 * only, never in a URL or log.
 */
import { withoutSecrets } from '../http/known-secrets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { abuseInputSchema } from '../../shared/georeport/abuse-input';
import { describeIssues, serviceRequestInputSchema } from '../../shared/georeport/request-input-schema';
import type { AppContext } from '../context';
import { badRequest, GeoReportError } from '../open311/errors';
import { readForm, singleValues, type FormFields } from '../open311/form-reader';
import { splitFormat } from '../open311/format';
import { forwardedSubpath, UpstreamError } from './upstream';
import type { Upstreams } from './upstreams';
import { proxySchemas } from './route-schemas';

export function registerFollowProxy(app: FastifyInstance, context: AppContext, upstreams: Upstreams, apiKey: () => string): void {
  const { config } = context;
  app.post(
    '/requests/:id/:file',
    { schema: proxySchemas.follow, config: { rateLimit: { max: config.PROXY_POSTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request: FastifyRequest<{ Params: { id: string; file: string } }>, reply) => {
      const { name, format } = splitFormat(request.params.file);
      const id = forwardedSubpath(request.params.id);
      if ((name !== 'followers' && name !== 'abuse') || !format || id === undefined || id.includes('/')) {
        throw new GeoReportError(404, `no such resource: POST ${request.url.split('?')[0]}; post to requests/{id}/followers.json or requests/{id}/abuse.json`);
      }
      const { fields } = await readForm(request, { ignoredFields: new Set(['api_key']), receiveFile: async () => undefined });
      const body = name === 'abuse' ? abuseFields(fields) : followFields(fields);
      body.set('api_key', apiKey());
      try {
        const response = await upstreams.call('issue reporting', `${upstreams.open311()}/requests/${id}/${name}.${format}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          // The service's limits per client count the browser, not the proxy.
          clientAddress: request.ip,
        });
        // A service that quotes the key it refused must not hand our key to the browser.
        const answer = withoutSecrets(Buffer.from(await response.body.arrayBuffer()).toString('utf8'), [apiKey()]);
        return reply.code(response.statusCode).headers(response.headers).send(answer);
      } catch (error) {
        if (error instanceof UpstreamError) throw new GeoReportError(error.statusCode, error.message);
        throw error;
      }
    },
  );
}

/** A follow's fields, checked with the shared email rule. */
function followFields(fields: FormFields): URLSearchParams {
  const { values, problems } = singleValues(fields, ['email', 'locale']);
  if (!values.email?.trim()) problems.push('email is required: the address the confirmation goes to');
  const parsed = serviceRequestInputSchema.shape.email.safeParse(values.email);
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (problems.length > 0) throw badRequest(problems);
  return new URLSearchParams({ email: values.email!, locale: values.locale ?? '' });
}

/** A report of abuse's fields (issue 28), checked with the shared rules before they travel on. */
function abuseFields(fields: FormFields): URLSearchParams {
  const { values, problems } = singleValues(fields, ['reason', 'email']);
  const parsed = abuseInputSchema.safeParse({ reason: values.reason, email: values.email });
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);
  return new URLSearchParams({ reason: parsed.data.reason, ...(parsed.data.email ? { email: parsed.data.email } : {}) });
}

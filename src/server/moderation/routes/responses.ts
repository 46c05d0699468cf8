/**
 * Saved responses (issue 41, item 4): a body's moderators list, save, change and delete its
 * response templates; an administrator those of any body. Another body's template is answered as
 * absent (as its requests are); saving one for another body is refused (403). Each change is
 * audited with it, naming the template and its body, never its texts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResponseTemplate } from '../../../shared/moderation/response-templates';
import type { AppContext } from '../../context';
import type { ResponseTemplateFields, ResponseTemplateRecord } from '../../storage/repositories/types';
import { formatW3cDateTime } from '../../time/w3c';
import { sessionOf } from '../auth';
import { ModerationApiError, notFound } from '../errors';
import { bodyScopeOf, inScope, requestNotFound } from '../scope';
import { responseSchemas } from './response-schemas';

const templateNotFound = (id: number) => notFound(`saved response ${id} not found`);

/** Which fields an edit changed, for the audit: names only. */
const changedFields = (before: ResponseTemplateFields, after: ResponseTemplateFields) =>
  (['title', 'text_fi', 'text_sv', 'text_en', 'service_code', 'status'] as const).filter((field) => before[field] !== after[field]);

export const responseRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { repositories, config } = context;
  const templates = repositories.responseTemplates;

  const present = (template: ResponseTemplateRecord): ResponseTemplate => ({
    ...template,
    created_at: formatW3cDateTime(template.created_at, config.TZ_NAME),
    updated_at: formatW3cDateTime(template.updated_at, config.TZ_NAME),
  });
  const auditOf = (request: FastifyRequest, action: 'response_create' | 'response_edit' | 'response_delete', details: Record<string, unknown>) => ({
    at: context.now(),
    moderator: sessionOf(request).moderator_name,
    action,
    service_request_id: null,
    details,
  });
  /** The template, if it exists and is of one of the moderator's bodies. */
  const findInScope = async (request: FastifyRequest, id: number) => {
    const template = await templates.find(id);
    return template && inScope(bodyScopeOf(request), template.body_id) ? template : undefined;
  };

  app.get('/responses', { schema: responseSchemas.list }, async (request) => {
    const { for_request, body_id, service_code, status } = request.query;
    const scope = bodyScopeOf(request);
    if (for_request !== undefined) {
      // The report's body and type, read here: the console's detail does not carry its body.
      const report = await repositories.serviceRequests.find(for_request);
      if (!report || !inScope(scope, report.body_id)) throw requestNotFound(for_request);
      const items = report.body_id === null ? [] : await templates.list({ bodyIds: [report.body_id], serviceCode: report.service_code, status });
      return { items: items.map(present) };
    }
    // A body outside the scope lists nothing, as if it had no templates.
    const bodyIds = body_id === undefined ? scope : inScope(scope, body_id) ? [body_id] : [];
    const items = await templates.list({ bodyIds, serviceCode: service_code, status });
    return { items: items.map(present) };
  });

  app.post('/responses', { schema: responseSchemas.create }, async (request, reply) => {
    const { body_id, ...fields } = request.body;
    const scope = bodyScopeOf(request);
    if (!inScope(scope, body_id)) {
      throw new ModerationApiError(403, 'forbidden', `you moderate only ${scope!.join(', ')}: save responses for one of those bodies`);
    }
    if (!(await repositories.bodies.find(body_id))) {
      throw new ModerationApiError(400, 'invalid_input', `body_id: there is no body ${body_id}`, {
        fields: [{ field: 'body_id', message: `there is no body ${body_id}`, code: 'unknown_value' }],
      });
    }
    const created = await templates.create({ body_id, ...fields }, context.now(), (id) => auditOf(request, 'response_create', { response: id, body: body_id }));
    return reply.code(201).send(present(created));
  });

  app.patch('/responses/:id', { schema: responseSchemas.edit }, async (request) => {
    const { id } = request.params;
    const before = await findInScope(request, id);
    if (!before) throw templateNotFound(id);
    const audit = auditOf(request, 'response_edit', { response: id, body: before.body_id, fields: changedFields(before, request.body) });
    const updated = await templates.update(id, request.body, context.now(), audit);
    if (!updated) throw templateNotFound(id);
    return present(updated);
  });

  app.delete('/responses/:id', { schema: responseSchemas.remove }, async (request, reply) => {
    const { id } = request.params;
    const template = await findInScope(request, id);
    if (!template) throw templateNotFound(id);
    const removed = await templates.remove(id, auditOf(request, 'response_delete', { response: id, body: template.body_id }));
    if (!removed) throw templateNotFound(id);
    return reply.code(204).send(null);
  });
};

/**
 * POST /bulk (issue 41, item 7): one action on up to 100 reports. Each report is changed on its
 * own, one after another, by the single action's own code (its transaction, audit entry and
 * emails), so one that fails (changed meanwhile, not the moderator's, …) leaves the others
 * changed; the answer says for each report whether it was, and if not why, in the API's codes.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BulkAnswer, BulkResult } from '../../../shared/moderation/bulk';
import { bulkBody, type BulkBody } from '../bulk-input';
import type { Rejection } from '../changes';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { ModerationApiError } from '../errors';
import { requestNotFound } from '../scope';
import { templateText } from '../../../shared/moderation/response-templates';
import type { ResponseTemplateRecord, ServiceRequestRecord } from '../../storage/repositories/types';
import { tags } from './schemas';

/** The single actions, as the request routes run them (./requests.ts, ./assignment.ts). */
export interface BulkActions {
  publish(request: FastifyRequest, id: string): Promise<void>;
  reject(request: FastifyRequest, id: string, rejection: Rejection): Promise<void>;
  setStatus(request: FastifyRequest, id: string, detailedStatus: string[], statusNotes: string | undefined): Promise<void>;
  assign(request: FastifyRequest, id: string, moderator: string | null): Promise<void>;
}

const resultSchema = z.union([
  z.strictObject({ id: z.string(), ok: z.literal(true) }),
  z.strictObject({ id: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
]) satisfies z.ZodType<BulkResult>;

const bulkSchema = {
  tags,
  summary:
    'One action (publish, reject, assign, status) on up to 100 reports, each changed on its own as by the single action (audit entry, emails); 200 with a result per report, a failed one with its error code and message',
  body: bulkBody,
  response: { 200: jsonAnswer('What became of each report', z.strictObject({ results: z.array(resultSchema) }) satisfies z.ZodType<BulkAnswer>), ...errorAnswers(400, 401, 403) },
};

export interface BulkRouteOptions {
  actions: BulkActions;
  /** The report if it is in the moderator's bodies (./requests.ts). */
  findInScope: (request: FastifyRequest, id: string) => Promise<ServiceRequestRecord | undefined>;
  /** The saved response if it is of one of the moderator's bodies. */
  findTemplate: (request: FastifyRequest, id: number) => Promise<ResponseTemplateRecord | undefined>;
}

/** A saved response's text for one report, in its resident's language, as the status form's picker puts it in the notes. */
const responseTextFor = async (options: BulkRouteOptions, request: FastifyRequest, id: string, template: ResponseTemplateRecord) => {
  const record = await options.findInScope(request, id);
  if (!record) throw requestNotFound(id);
  if (record.body_id !== template.body_id) {
    throw new ModerationApiError(400, 'invalid_input', `response: saved response ${template.id} is not one of this report's body's; set its status on its own page`, {
      fields: [{ field: 'response', message: "not a saved response of this report's body", code: 'unknown_value' }],
    });
  }
  return templateText(template, record.locale);
};

const runAction = async (options: BulkRouteOptions, request: FastifyRequest, id: string, body: BulkBody, template: ResponseTemplateRecord | undefined) => {
  const { actions } = options;
  switch (body.action) {
    case 'publish':
      return actions.publish(request, id);
    case 'reject':
      return actions.reject(request, id, { reason: body.reason, where: body.where, note: body.note });
    case 'assign':
      return actions.assign(request, id, body.moderator);
    case 'status':
      return actions.setStatus(request, id, body.detailed_status, template ? await responseTextFor(options, request, id, template) : body.status_notes);
  }
};

export const bulkRoutes: FastifyPluginAsync<BulkRouteOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/bulk', { schema: bulkSchema }, async (request): Promise<BulkAnswer> => {
    const { body } = request;
    const responseId = body.action === 'status' ? body.response : undefined;
    const template = responseId === undefined ? undefined : await options.findTemplate(request, responseId);
    if (responseId !== undefined && !template) {
      // Refused before any report changes: the whole action names something that is not there.
      throw new ModerationApiError(400, 'invalid_input', `response: there is no saved response ${responseId} of your bodies`, {
        fields: [{ field: 'response', message: `no saved response ${responseId}`, code: 'unknown_value' }],
      });
    }
    const results: BulkResult[] = [];
    // One after another: each its own transaction, as if the moderator had clicked each in turn.
    for (const id of request.body.ids) {
      try {
        await runAction(options, request, id, body, template);
        results.push({ id, ok: true });
      } catch (error) {
        if (error instanceof ModerationApiError) {
          results.push({ id, ok: false, code: error.code, message: error.message });
          continue;
        }
        // Logged as any failure is; the answer holds no internals.
        request.log.error({ err: error, serviceRequestId: id }, 'bulk action failed for one report');
        results.push({ id, ok: false, code: 'internal_error', message: 'this report could not be changed; try it again on its own' });
      }
    }
    return { results };
  });
};

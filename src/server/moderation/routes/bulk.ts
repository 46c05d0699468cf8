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

const runAction = (actions: BulkActions, request: FastifyRequest, id: string, body: BulkBody) => {
  switch (body.action) {
    case 'publish':
      return actions.publish(request, id);
    case 'reject':
      return actions.reject(request, id, { reason: body.reason, where: body.where, note: body.note });
    case 'assign':
      return actions.assign(request, id, body.moderator);
    case 'status':
      return actions.setStatus(request, id, body.detailed_status, body.status_notes);
  }
};

export const bulkRoutes: FastifyPluginAsync<{ actions: BulkActions }> = async (plugin, { actions }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/bulk', { schema: bulkSchema }, async (request): Promise<BulkAnswer> => {
    const results: BulkResult[] = [];
    // One after another: each its own transaction, as if the moderator had clicked each in turn.
    for (const id of request.body.ids) {
      try {
        await runAction(actions, request, id, request.body);
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

/**
 * GET /moderators (issue 41, item 7): the active moderators the signed-in one may assign reports
 * to, for the bulk toolbar's "Assign to": those who moderate one of their bodies, administrators
 * included; an administrator's list is everyone active. Names and body ids only. Each report of a
 * bulk assignment is still checked against its own body (routes/assignment.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModerationColleague } from '../../../shared/moderation/wire';
import type { AppContext } from '../../context';
import { mayModerate } from '../desk';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { bodyScopeOf } from '../scope';

const colleagueSchema = z.strictObject({
  name: z.string(),
  bodies: z.array(z.string()).describe('The body ids they moderate; none: an administrator, who moderates every body'),
}) satisfies z.ZodType<ModerationColleague>;

const colleaguesSchema = {
  tags: ['Moderation (session cookie; X-CSRF-Token on every change)'],
  summary: "The active moderators you may assign reports to (those of your bodies; an administrator's: all), by name",
  response: { 200: jsonAnswer('The moderators', z.strictObject({ items: z.array(colleagueSchema) })), ...errorAnswers(401) },
};

export const colleagueRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get('/moderators', { schema: colleaguesSchema }, async (request) => {
    const scope = bodyScopeOf(request);
    const moderators = await context.repositories.moderation.listModerators();
    const items = moderators
      .filter((moderator) => (scope === undefined ? moderator.disabled_at === null : scope.some((body) => mayModerate(moderator, body))))
      .map((moderator) => ({ name: moderator.name, bodies: moderator.bodies }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { items };
  });
};

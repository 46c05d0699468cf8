/**
 * `/mail/fixed` and `/mail/not-fixed`: the pages the questionnaire's two links open. GET shows
 * what the answer does and a button; POST answers (a mail scanner fetching links answers
 * nothing). Each link answers once: a second POST, or the other link after the first, shows that
 * it was answered already. Plain server pages, like the other /mail/* pages.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { defaultSendSettings, senderOf } from '../forwarding/senders';
import type { ReopenTelling } from '../forwarding/senders/sender';
import { invalidLinkText, mailPageTexts } from '../notify/mail-page-texts';
import type { ReportNamer } from '../notify/mail-page-report';
import { escapeHtml, mailPage as page } from '../notify/mail-pages';
import { announceOutboxMessage } from '../notify/outbox-signal';
import type { ChangeContext } from '../notify/public-change';
import { questionnaireTexts, type QuestionnaireTexts } from '../notify/questionnaire-texts';
import { QuestionnaireAnsweredError } from '../storage/errors';
import type { Questionnaire, QuestionnaireAnswer } from '../storage/repositories/types';
import { fixedPlan, notFixedPlan, reporterActor } from './answer-plans';
import type { ServiceRequestRecord } from '../storage/repositories/types';

const paths: Record<QuestionnaireAnswer, string> = { fixed: '/mail/fixed', not_fixed: '/mail/not-fixed' };

export const answerPageRoutes: FastifyPluginAsync<{ context: AppContext; nameReport: ReportNamer }> = async (app, { context, nameReport }) => {
  const { repositories, mailLinks: links, config } = context;
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  const tokenOf = (request: FastifyRequest) => {
    const { query } = request;
    return typeof query === 'object' && query !== null && 'token' in query && typeof query.token === 'string' ? query.token : '';
  };
  const invalid = (reply: FastifyReply) => page(reply, 404, 'fi', 'Kerro', invalidLinkText.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'));

  /** The questionnaire the link was signed for, with its request's language and name; undefined for a forged link. */
  const opened = async (request: FastifyRequest, answer: QuestionnaireAnswer) => {
    const id = links.read(tokenOf(request), answer);
    const questionnaire = id === undefined ? undefined : await repositories.questionnaires.find(id);
    const record = questionnaire && (await repositories.serviceRequests.find(questionnaire.service_request_id));
    if (!questionnaire || !record) return undefined;
    const locale: SupportedLocale = resolveLocale(record.locale);
    const report = `<p class="report"><b>${escapeHtml(mailPageTexts[locale].report)}</b>${escapeHtml(await nameReport(record.service_request_id, locale))}</p>`;
    return { questionnaire, record, locale, t: questionnaireTexts[locale], report };
  };

  const openLink = (requestId: string, locale: SupportedLocale) =>
    `<p><a href="${escapeHtml(links.requestUrl(requestId))}">${escapeHtml(mailPageTexts[locale].open)}</a></p>`;
  const answered = (reply: FastifyReply, locale: SupportedLocale, t: QuestionnaireTexts, report: string, requestId: string) =>
    page(reply, 410, locale, t.pageTitle, `${report}\n<p>${escapeHtml(t.answered)}</p>\n${openLink(requestId, locale)}`);

  /** How the body hears of a reopen, by its sender (a request of no body is worked in the console); its message goes in the same transaction. */
  const bodyTelling = async (record: ServiceRequestRecord, mail: ChangeContext['mail']): Promise<ReopenTelling> => {
    const body = record.body_id ? await repositories.bodies.find(record.body_id) : undefined;
    const send = body?.send ?? defaultSendSettings;
    return senderOf(send).reopened(send, { request: record, mail });
  };

  const answer = async (questionnaire: Questionnaire, given: QuestionnaireAnswer, record: ServiceRequestRecord) => {
    const now = context.now();
    const changeContext: ChangeContext = {
      moderator: reporterActor,
      now,
      mail: { links, timeZone: config.TZ_NAME, mailFrom: config.MAIL_FROM, serviceTypes: await repositories.serviceTypes.list(), now },
    };
    const plan = given === 'fixed' ? fixedPlan(changeContext, questionnaire.id) : notFixedPlan(changeContext, questionnaire.id, await bodyTelling(record, changeContext.mail));
    const applied = await repositories.unitOfWork.changeRequest(questionnaire.service_request_id, plan);
    if (applied?.notificationQueued) announceOutboxMessage();
  };

  for (const given of ['fixed', 'not_fixed'] as const) {
    app.get(given === 'fixed' ? '/fixed' : '/not-fixed', async (request, reply) => {
      const found = await opened(request, given);
      if (!found) return invalid(reply);
      const { questionnaire, locale, t, report } = found;
      if (questionnaire.answer !== null) return answered(reply, locale, t, report, questionnaire.service_request_id);
      const lead = given === 'fixed' ? t.fixedLead : t.notFixedLead;
      const button = given === 'fixed' ? t.fixedButton : t.notFixedButton;
      const form = `<form method="post" action="${paths[given]}?token=${encodeURIComponent(tokenOf(request))}"><button type="submit">${escapeHtml(button)}</button></form>`;
      return page(reply, 200, locale, t.pageTitle, `${report}\n<p>${escapeHtml(lead)}</p>\n${form}`);
    });
    app.post(given === 'fixed' ? '/fixed' : '/not-fixed', async (request, reply) => {
      const found = await opened(request, given);
      if (!found) return invalid(reply);
      const { questionnaire, record, locale, t, report } = found;
      if (questionnaire.answer !== null) return answered(reply, locale, t, report, questionnaire.service_request_id);
      try {
        await answer(questionnaire, given, record);
      } catch (error) {
        if (error instanceof QuestionnaireAnsweredError) return answered(reply, locale, t, report, questionnaire.service_request_id);
        throw error;
      }
      const done = given === 'fixed' ? t.fixedDone : t.notFixedDone;
      return page(reply, 200, locale, t.pageTitle, `${report}\n<p role="status">${escapeHtml(done)}</p>\n${openLink(questionnaire.service_request_id, locale)}`);
    });
  }
};

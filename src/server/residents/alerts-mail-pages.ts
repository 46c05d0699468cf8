/**
 * The pages an alert email's links open (`/mail/alerts/confirm`, `/mail/alerts/unsubscribe`), as
 * a follow's (notify/mail-pages.ts): GET shows a button, so a mail scanner that fetches links
 * confirms or stops nothing; POST does it, and the unsubscribe link takes RFC 8058's one-click
 * POST straight from a mail client. No script; never the address.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import type { LinkPurpose, MailLinks } from '../notify/mail-links';
import { escapeHtml, mailPage } from '../notify/mail-pages';
import { invalidLinkText } from '../notify/mail-page-texts';
import type { AddressRepository, AlertRecord, AlertRepository, BodyRepository } from '../storage/repositories/types';
import { areaUrl, areaWords } from './alerts-messages';
import { placeNameOf } from './alerts-places';
import { alertTexts, type AlertTexts } from './alerts-texts';

export interface AlertMailPageOptions {
  alerts: AlertRepository;
  bodies: Pick<BodyRepository, 'list'>;
  addresses: Pick<AddressRepository, 'nearest'>;
  links: MailLinks;
  now: () => number;
}

export const alertMailPageRoutes: FastifyPluginAsync<AlertMailPageOptions> = async (app, { alerts, bodies, addresses, links, now }) => {
  // A one-click POST comes as a form (urlencoded or multipart); its body says nothing the token does not.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  const tokenOf = (request: FastifyRequest) => {
    const { query } = request;
    return typeof query === 'object' && query !== null && 'token' in query && typeof query.token === 'string' ? query.token : '';
  };

  type Answer = (reply: FastifyReply, token: string, alert: AlertRecord, t: AlertTexts['pages'], lead: string, locale: SupportedLocale) => unknown;
  const withAlert = (purpose: LinkPurpose, answer: Answer) => async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const id = links.read(token, purpose);
    const alert = id === undefined ? undefined : await alerts.find(id);
    if (!alert) return mailPage(reply, 404, 'fi', 'Kerro', invalidLinkText.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'));
    const locale = resolveLocale(alert.locale);
    const t = alertTexts[locale].pages;
    // Which alert the page is about, first thing under the heading.
    // An alert asked for before places were kept has none: it is looked up for the page.
    const place = alert.place ?? (await placeNameOf(addresses, alert.area));
    const lead = `<p class="report"><b>${escapeHtml(t.areaLabel)}</b>${escapeHtml(areaWords(alert.area, locale, await bodies.list(), place))}</p>`;
    return answer(reply, token, alert, t, lead, locale);
  };

  const openLink = (alert: AlertRecord, t: AlertTexts['pages']) => `<p><a href="${escapeHtml(areaUrl(alert.area, links))}">${escapeHtml(t.open)}</a></p>`;
  const button = (path: string, token: string, label: string) =>
    `<form method="post" action="${path}?token=${encodeURIComponent(token)}"><button type="submit">${escapeHtml(label)}</button></form>`;
  const stopped = (reply: FastifyReply, alert: AlertRecord, t: AlertTexts['pages'], lead: string, locale: SupportedLocale) =>
    mailPage(reply, 410, locale, t.confirmTitle, `${lead}\n<p>${escapeHtml(t.notPending)}</p>\n${openLink(alert, t)}`);

  app.get(
    '/confirm',
    withAlert('alert-confirm', (reply, token, alert, t, lead, locale) =>
      alert.unsubscribed
        ? stopped(reply, alert, t, lead, locale)
        : mailPage(reply, 200, locale, t.confirmTitle, `${lead}\n<p>${escapeHtml(t.confirmLead)}</p>\n${button('/mail/alerts/confirm', token, t.confirmButton)}`),
    ),
  );
  app.post(
    '/confirm',
    withAlert('alert-confirm', async (reply, _token, alert, t, lead, locale) => {
      const after = (await alerts.confirm(alert.id, now()))!;
      return after.unsubscribed
        ? stopped(reply, after, t, lead, locale)
        : mailPage(reply, 200, locale, t.confirmTitle, `${lead}\n<p role="status">${escapeHtml(t.confirmed)}</p>\n${openLink(after, t)}`);
    }),
  );
  app.get(
    '/unsubscribe',
    withAlert('alert-unsubscribe', (reply, token, _alert, t, lead, locale) =>
      mailPage(reply, 200, locale, t.unsubscribeTitle, `${lead}\n<p>${escapeHtml(t.unsubscribeLead)}</p>\n${button('/mail/alerts/unsubscribe', token, t.unsubscribeButton)}`),
    ),
  );
  app.post(
    '/unsubscribe',
    withAlert('alert-unsubscribe', async (reply, _token, alert, t, lead, locale) => {
      await alerts.unsubscribe(alert.id, now());
      return mailPage(reply, 200, locale, t.unsubscribeTitle, `${lead}\n<p role="status">${escapeHtml(t.unsubscribed)}</p>\n${openLink(alert, t)}`);
    }),
  );
};

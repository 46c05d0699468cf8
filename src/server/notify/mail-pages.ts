/**
 * The pages the links in emails open. GET shows a page with a button, so a mail scanner that
 * fetches links confirms or unsubscribes nothing; POST does it. An unsubscribe link also takes
 * RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`) straight from a mail client.
 * Plain server pages, no script: they work from any mail client, whatever the app's state.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLocale } from '../../shared/locales';
import type { FollowerRepository, Subscription } from '../storage/repositories/types';
import type { LinkPurpose, MailLinks } from './mail-links';
import { invalidLinkText, mailPageTexts, type MailPageTexts } from './mail-page-texts';
import type { ReportNamer } from './mail-page-report';
import { mailPageCsp, mailPageStyle } from './mail-page-style';

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain server page in the mail pages' frame: no script, no caching, no Referer. */
export function mailPage(reply: FastifyReply, status: number, lang: string, title: string, content: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The token must not travel on to another site in a Referer.
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', mailPageCsp)
    .send(
      `<!DOCTYPE html>\n<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)} – Kerro</title><style>${mailPageStyle}</style></head>\n` +
        `<body><header><p>Kerro</p></header><main>\n<h1>${escapeHtml(title)}</h1>\n${content}\n</main></body></html>\n`,
    );
}

/** What the pages use: the subscriptions, the links' signatures, the clock (epoch milliseconds) and how to name a report. */
export interface MailPageOptions {
  followers: FollowerRepository;
  links: MailLinks;
  now: () => number;
  nameReport: ReportNamer;
}

export const mailPageRoutes: FastifyPluginAsync<MailPageOptions> = async (app, { followers, links, now, nameReport }) => {
  // A one-click POST comes as a form (urlencoded or multipart); its body says nothing the token does not.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  const tokenOf = (request: FastifyRequest) => {
    const { query } = request;
    return typeof query === 'object' && query !== null && 'token' in query && typeof query.token === 'string' ? query.token : '';
  };

  const invalid = (reply: FastifyReply) =>
    mailPage(reply, 404, 'fi', 'Kerro', invalidLinkText.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'));

  const withSubscription =
    (purpose: LinkPurpose, answer: (reply: FastifyReply, token: string, subscription: Subscription, t: MailPageTexts, report: string) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const token = tokenOf(request);
      const id = links.read(token, purpose);
      const subscription = id === undefined ? undefined : await followers.find(id);
      if (!subscription) return invalid(reply);
      const locale = resolveLocale(subscription.locale);
      const t = mailPageTexts[locale];
      // Which report the page is about, first thing under the heading.
      const report = `<p class="report"><b>${escapeHtml(t.report)}</b>${escapeHtml(await nameReport(subscription.service_request_id, locale))}</p>`;
      return answer(reply, token, subscription, t, report);
    };

  const openLink = (subscription: Subscription, t: MailPageTexts) =>
    `<p><a href="${escapeHtml(links.requestUrl(subscription.service_request_id))}">${escapeHtml(t.open)}</a></p>`;
  const button = (path: string, token: string, label: string) =>
    `<form method="post" action="${path}?token=${encodeURIComponent(token)}"><button type="submit">${escapeHtml(label)}</button></form>`;

  app.get(
    '/confirm',
    withSubscription('confirm', (reply, token, subscription, t, report) =>
      subscription.unsubscribed
        ? mailPage(reply, 410, resolveLocale(subscription.locale), t.confirmTitle, `${report}\n<p>${escapeHtml(t.notPending)}</p>\n${openLink(subscription, t)}`)
        : mailPage(reply, 200, resolveLocale(subscription.locale), t.confirmTitle, `${report}\n<p>${escapeHtml(t.confirmLead)}</p>\n${button('/mail/confirm', token, t.confirmButton)}`),
    ),
  );
  app.post(
    '/confirm',
    withSubscription('confirm', async (reply, _token, subscription, t, report) => {
      const after = (await followers.confirm(subscription.id, now()))!;
      return after.unsubscribed
        ? mailPage(reply, 410, resolveLocale(after.locale), t.confirmTitle, `${report}\n<p>${escapeHtml(t.notPending)}</p>\n${openLink(after, t)}`)
        : mailPage(reply, 200, resolveLocale(after.locale), t.confirmTitle, `${report}\n<p role="status">${escapeHtml(t.confirmed)}</p>\n${openLink(after, t)}`);
    }),
  );
  app.get(
    '/unsubscribe',
    withSubscription('unsubscribe', (reply, token, subscription, t, report) =>
      mailPage(reply, 200, resolveLocale(subscription.locale), t.unsubscribeTitle, `${report}\n<p>${escapeHtml(t.unsubscribeLead)}</p>\n${button('/mail/unsubscribe', token, t.unsubscribeButton)}`),
    ),
  );
  app.post(
    '/unsubscribe',
    withSubscription('unsubscribe', async (reply, _token, subscription, t, report) => {
      await followers.unsubscribe(subscription.id, now());
      return mailPage(reply, 200, resolveLocale(subscription.locale), t.unsubscribeTitle, `${report}\n<p role="status">${escapeHtml(t.unsubscribed)}</p>\n${openLink(subscription, t)}`);
    }),
  );
};

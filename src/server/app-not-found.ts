/**
 * The web app's 404 for what is not one of its pages: a method other than GET or HEAD on a page's
 * path, a missing file, or a client that wants no HTML. A browser gets a plain server page in its
 * language (the same words as the app's own not-found page, src/client/locales/<code>/common.json,
 * notFound.*); anyone else a line of text.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredLocale, type SupportedLocale } from '../shared/locales';
import { acceptLanguageTags } from './http/accept-language';
import { escapeHtml, mailPage } from './notify/mail-pages';

const words: Record<SupportedLocale, { title: string; body: string; home: string }> = {
  fi: { title: 'Sivua ei löytynyt', body: 'Etsimääsi sivua ei ole tai se on siirtynyt.', home: 'Siirry etusivulle' },
  sv: { title: 'Sidan hittades inte', body: 'Sidan du letade efter finns inte eller har flyttats.', home: 'Gå till startsidan' },
  en: { title: 'Page not found', body: 'The page you were looking for does not exist or has moved.', home: 'Go to the front page' },
};

export function answerAppNotFound(request: FastifyRequest, reply: FastifyReply, wantsPage: boolean) {
  if (wantsPage) {
    const locale = preferredLocale(acceptLanguageTags(request.headers['accept-language']));
    const { title, body, home } = words[locale];
    return mailPage(reply, 404, locale, title, `<p>${escapeHtml(body)}</p>\n<p><a href="/">${escapeHtml(home)}</a></p>`);
  }
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`not found: ${request.method} ${path}\n`);
}

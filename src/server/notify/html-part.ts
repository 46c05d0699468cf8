/**
 * The HTML part of a message, made from its plain text so the two never say different things:
 * paragraphs from blank lines, everything escaped, and only the message's own links (the
 * request's page, confirm, unsubscribe: `ownLinks`) made clickable.
 *
 * A resident's title, description or answer is never a link, whatever it says: anyone can make
 * Kerro email a stranger (a follow's confirmation goes to any address), so a clickable address in
 * resident text would be a phishing mail with Kerro's name on it. Mail clients also turn text that
 * looks like an address into links on their own; a `<wbr>` (an empty element: nothing to see or
 * copy) before each '.', ':', '/' and '@' of any other text splits it into pieces no client
 * recognises as an address.
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const linkPattern = /https?:\/\/[^\s<>"']+/g;

/** Text as it reads, but no longer anything a mail client would link. */
const unlinkable = (text: string) => escapeHtml(text).replace(/[.:/@]/g, '<wbr>$&');

function lineToHtml(line: string, ownLinks: ReadonlySet<string>): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(linkPattern)) {
    if (!ownLinks.has(match[0])) continue;
    html += unlinkable(line.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + unlinkable(line.slice(last));
}

export function htmlFromText(text: string, locale: string, subject: string, ownLinks: readonly string[]): string {
  const links = new Set(ownLinks);
  const toHtml = (line: string) => lineToHtml(line, links);
  const [body, signature] = text.split('\n-- \n');
  const paragraphs = body!
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(toHtml).join('<br>\n')}</p>`);
  const footer = signature ? `<hr>\n<p style="color:#555;font-size:90%">${signature.trim().split('\n').map(toHtml).join('<br>\n')}</p>` : '';
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
    ...paragraphs,
    footer,
    '</body></html>',
    '',
  ].join('\n');
}

/**
 * The HTML part of a message, made from its plain text so the two never say different things:
 * paragraphs from blank lines, links made clickable, everything else escaped.
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const linkPattern = /https?:\/\/[^\s<>"']+/g;

function lineToHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(linkPattern)) {
    html += escapeHtml(line.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

export function htmlFromText(text: string, locale: string, subject: string): string {
  const [body, signature] = text.split('\n-- \n');
  const paragraphs = body!
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(lineToHtml).join('<br>\n')}</p>`);
  const footer = signature ? `<hr>\n<p style="color:#555;font-size:90%">${signature.trim().split('\n').map(lineToHtml).join('<br>\n')}</p>` : '';
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

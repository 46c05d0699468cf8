/**
 * The one plain-text rule for every text a resident sends (title, description, names, ids,
 * service object fields, category answers, media_url): no HTML tags or code, no control
 * characters. Whatever a resident writes is shown, emailed and forwarded as text, never markup.
 */
const htmlTagPattern = /<\s*[a-zA-Z!/?]/;
// Control characters other than tab and line breaks are never part of a written text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** What keeps a text from being plain text, if anything. */
export function plainTextMistake(text: string): 'html' | 'control' | undefined {
  if (htmlTagPattern.test(text)) return 'html';
  if (controlCharacterPattern.test(text)) return 'control';
  return undefined;
}

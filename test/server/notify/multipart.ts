/** The parts of a multipart/alternative message as the SMTP server received it. */
import { parseMail, type ParsedMail } from './mime';

export interface ReadMail extends ParsedMail {
  /** The text/plain part's text. */
  plain: string;
  /** The text/html part's text. */
  html: string;
}

export function readMail(raw: string): ReadMail {
  const whole = parseMail(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(whole.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts = raw
    .replace(/\r\n/g, '\n')
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parseMail(part.replace(/^\n/, '')));
  const of = (type: string) => parts.find((part) => part.headers.get('content-type')?.startsWith(type))?.text ?? '';
  return { ...whole, plain: of('text/plain'), html: of('text/html') };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in:\n${text}`);
  return link;
}

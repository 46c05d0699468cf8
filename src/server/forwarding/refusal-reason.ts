/**
 * What a case system said when it refused a report, from whatever shape its error body has:
 * GeoReport v2 error records (JSON, or XML `<errors><error><description>`), Django REST
 * framework's `{"detail": …}` and field errors (issue-reporting answers
 * `{"code":400,"detail":{"non_field_errors":["Service code 180 is invalid"]}}`), or a short plain
 * text. The moderator, `admin bodies sends` and the log show it, so a refusal says what to fix
 * rather than only "HTTP 400". The caller takes secrets out of the text first.
 */
import { XMLParser } from 'fast-xml-parser';

/** Long enough for a few field errors, short enough for a console row and a log line. */
const longestReason = 300;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every text in a DRF error value: a string, a list of them, or fields mapping to either ("field: text"). */
function drfTexts(value: unknown, field?: string): string[] {
  if (typeof value === 'string') return [field && field !== 'non_field_errors' && field !== 'detail' ? `${field}: ${value}` : value];
  if (Array.isArray(value)) return value.flatMap((item) => drfTexts(item, field));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => drfTexts(item, key === 'detail' ? field : key));
  return [];
}

function fromJson(answer: unknown): string[] {
  // GeoReport v2: a list of {code, description}.
  if (Array.isArray(answer)) {
    return answer.flatMap((record) => (record && typeof record === 'object' && typeof (record as { description?: unknown }).description === 'string' ? [(record as { description: string }).description] : []));
  }
  if (!answer || typeof answer !== 'object') return [];
  // DRF: {"detail": …}, with or without a "code"; else the field errors themselves.
  const { code: _code, ...rest } = answer as Record<string, unknown>;
  return drfTexts('detail' in rest ? rest.detail : rest);
}

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'error' });

function fromXml(text: string): string[] {
  try {
    const errors = (xml.parse(text) as { errors?: { error?: { description?: unknown }[] } }).errors?.error ?? [];
    return errors.flatMap((error) => (typeof error.description === 'string' ? [error.description] : []));
  } catch {
    return [];
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The case system's own words for a refusal, on one line and shortened; empty when its answer says nothing readable. */
export function refusalReason(text: string, contentType: string | null): string {
  const body = text.trim();
  if (!body) return '';
  const json = parseJson(body);
  let said: string[];
  if (json !== undefined) said = fromJson(json);
  else if (body.startsWith('<') && !/html/i.test(contentType ?? '') && !/^<!doctype html|^<html/i.test(body)) said = fromXml(body);
  // An HTML error page is a proxy's or a framework's, not the case system's reason.
  else if (/html/i.test(contentType ?? '') || /^<!doctype html|^<html/i.test(body)) said = [];
  else said = [body];
  const reason = oneLine(said.map(oneLine).filter(Boolean).join('; '));
  return reason.length > longestReason ? `${reason.slice(0, longestReason - 1)}…` : reason;
}

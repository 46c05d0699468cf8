import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * What every answer to hostile input must look like: never a 5xx, and a 4xx in the endpoint's own
 * error format, so a client can always show the reason. Each check returns a problem description
 * or undefined; the properties collect them with the request that caused them.
 */

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const header = (answer: Answer, name: string) => String(answer.headers[name] ?? '');
const xml = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'error' });

function notServerError(answer: Answer): string | undefined {
  if (answer.statusCode >= 500) return `server error ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
  if (answer.statusCode < 200) return `unexpected status ${answer.statusCode}`;
  return undefined;
}

/** The GeoReport format of an error for this URL: the suffix asked for when recognisable, else JSON. */
export function geoReportFormatOf(url: string): 'json' | 'xml' {
  return /\.xml$/i.test(url.split('?')[0] ?? '') ? 'xml' : 'json';
}

/** GeoReport v2: success in JSON or XML; errors as a list of {code, description} in the format asked for. */
export function checkGeoReportAnswer(answer: Answer, url: string): string | undefined {
  const basic = notServerError(answer);
  if (basic) return basic;
  const contentType = header(answer, 'content-type');
  if (answer.statusCode < 300) {
    if (contentType.startsWith('application/json')) {
      try {
        JSON.parse(answer.body);
      } catch {
        return 'a 2xx JSON answer that is not JSON';
      }
      return undefined;
    }
    if (contentType.startsWith('text/xml') || contentType.startsWith('application/xml')) {
      return XMLValidator.validate(answer.body) === true ? undefined : 'a 2xx XML answer that is not well-formed';
    }
    return `a 2xx answer of type ${contentType}`;
  }
  if (answer.statusCode < 400) return `unexpected redirect ${answer.statusCode}`;
  const format = geoReportFormatOf(url);
  if (format === 'json') {
    if (!contentType.startsWith('application/json')) return `a ${answer.statusCode} error of type ${contentType}, not JSON`;
    let records: unknown;
    try {
      records = JSON.parse(answer.body);
    } catch {
      return `a ${answer.statusCode} error whose body is not JSON`;
    }
    const valid =
      Array.isArray(records) &&
      records.length > 0 &&
      records.every((record) => typeof record?.code === 'number' && typeof record?.description === 'string' && record.description.length > 0);
    return valid ? undefined : `a ${answer.statusCode} error that is not a GeoReport error list: ${answer.body.slice(0, 200)}`;
  }
  if (!/xml/.test(contentType)) return `a ${answer.statusCode} error of type ${contentType}, not XML`;
  if (XMLValidator.validate(answer.body) !== true) return `a ${answer.statusCode} XML error that is not well-formed`;
  const parsed = xml.parse(answer.body) as { errors?: { error?: { code?: unknown; description?: unknown }[] } };
  const errors = parsed.errors?.error;
  const valid = Array.isArray(errors) && errors.length > 0 && errors.every((error) => /^\d{3}$/.test(String(error.code)) && String(error.description ?? '').length > 0);
  return valid ? undefined : `a ${answer.statusCode} XML error that is not <errors><error>…: ${answer.body.slice(0, 200)}`;
}

/** The counters API: DRF-style `{"detail": …}` errors (or the browsable page for format=api), CORS open. */
export function checkCountersAnswer(answer: Answer): string | undefined {
  const basic = notServerError(answer);
  if (basic) return basic;
  if (header(answer, 'access-control-allow-origin') !== '*') return `${answer.statusCode} without Access-Control-Allow-Origin: *`;
  const contentType = header(answer, 'content-type');
  if (answer.statusCode >= 300 && answer.statusCode < 400) {
    return answer.statusCode === 301 && header(answer, 'location').length > 0 ? undefined : `redirect ${answer.statusCode} without Location`;
  }
  if (contentType.startsWith('text/html')) {
    if (!answer.body.startsWith('<!DOCTYPE html>')) return 'an HTML answer that is not the browsable page';
    return header(answer, 'content-security-policy').startsWith("default-src 'none'") ? undefined : 'browsable page without its own CSP';
  }
  if (answer.statusCode < 300) {
    if (contentType.startsWith('text/csv')) return undefined;
    try {
      JSON.parse(answer.body);
      return undefined;
    } catch {
      return 'a 2xx JSON answer that is not JSON';
    }
  }
  // The polygon search (POST) answers its 400s as the real service does: {"error": "…"}.
  if (answer.statusCode === 400 && /^\{"error":"[^"]/.test(answer.body)) return undefined;
  return checkDetailError(answer);
}

/**
 * `{"detail": "…"}`, as the counters API and the proxy's counters pass-through answer errors, or
 * for a 400 DRF's field errors: `{"latitude": ["A valid number is required."]}`.
 */
export function checkDetailError(answer: Answer): string | undefined {
  const basic = notServerError(answer);
  if (basic) return basic;
  if (answer.statusCode < 400) return undefined;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    if (typeof body.detail === 'string' && body.detail.length > 0) return undefined;
    const fieldErrors =
      answer.statusCode === 400 &&
      Object.keys(body).length > 0 &&
      Object.values(body).every((messages) => Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.length > 0));
    return fieldErrors ? undefined : `a ${answer.statusCode} error without detail: ${answer.body.slice(0, 200)}`;
  } catch {
    return `a ${answer.statusCode} error that is not JSON: ${answer.body.slice(0, 200)}`;
  }
}

/** The moderation API: `{"error": {"code", "message"}}`. */
export function checkModerationAnswer(answer: Answer): string | undefined {
  const basic = notServerError(answer);
  if (basic) return basic;
  if (answer.statusCode < 400) return undefined;
  try {
    const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string'
      ? undefined
      : `a ${answer.statusCode} error not in the moderation format: ${answer.body.slice(0, 200)}`;
  } catch {
    return `a ${answer.statusCode} error that is not JSON: ${answer.body.slice(0, 200)}`;
  }
}

/** Photos: the file itself for a stored name; anything else a 404 (JSON error list for GET/HEAD). */
export function checkMediaAnswer(
  answer: Answer,
  method: string,
  storedNames: ReadonlySet<string>,
  fileName: string | undefined,
  /** The path resolved out of /media (`/media/..` is `/`): the web app's page is a fine answer there. */
  outsideMedia = false,
): string | undefined {
  const basic = notServerError(answer);
  if (basic) return basic;
  if (outsideMedia) {
    // The app's index.html, whole, in part (Range), unchanged (If-None-Match) or with a range it cannot give.
    const page = [200, 206].includes(answer.statusCode) && header(answer, 'content-type').startsWith('text/html');
    if (page || [304, 416].includes(answer.statusCode)) return undefined;
  }
  if (answer.statusCode === 200 || answer.statusCode === 304) {
    if (!fileName || !storedNames.has(fileName)) return `${answer.statusCode} for ${JSON.stringify(fileName)}, which is not a stored photo`;
    return /^image\//.test(header(answer, 'content-type')) || answer.statusCode === 304 ? undefined : 'a photo served as non-image';
  }
  if (![400, 404, 405, 414].includes(answer.statusCode)) return `unexpected ${answer.statusCode}`;
  if (fileName && storedNames.has(fileName) && (method === 'GET' || method === 'HEAD')) return `a stored photo answered ${answer.statusCode}`;
  return undefined;
}

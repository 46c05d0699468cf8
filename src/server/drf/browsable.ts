import { createHash } from 'node:crypto';
import { escapeHtml, prettyJsonHtml } from './pretty-json';

/**
 * `format=api`: the same JSON as format=json, pretty-printed in an HTML page like Django REST
 * Framework's browsable API, with next/previous as links. Everything is escaped, nothing runs:
 * no script, and a CSP that allows only the one inline style below (by hash).
 */

const style = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#222;background:#f7f7f7}
header{background:#0000bf;color:#fff;padding:.6rem 1rem;font-weight:600}
main{max-width:70rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
nav{margin:.5rem 0;display:flex;gap:1rem;flex-wrap:wrap;align-items:center}
.request{background:#fff;border:1px solid #ddd;padding:.4rem .8rem;font-family:monospace;word-break:break-all}
pre{background:#fff;border:1px solid #ddd;padding:.8rem;overflow:auto;white-space:pre-wrap;word-break:break-word}
.meta{color:#555}
a{color:#0000bf}
`;

const styleHash = createHash('sha256').update(style).digest('base64');

export const browsableSecurityHeaders = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

const statusText: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed' };

export interface BrowsablePage {
  title: string;
  statusCode: number;
  /** The request as received, e.g. "/api/counters/?format=api&page=2". */
  requestUrl: string;
  json: string;
  next?: string | null;
  previous?: string | null;
  /** "Page 2 of 20", shown between the links. */
  position?: string;
  /** Other renderings of the same resource, e.g. { json: url, csv: url }. */
  formats?: Record<string, string>;
  /** The methods the resource takes, as its Allow header says; GET, HEAD, OPTIONS unless given. */
  allow?: string;
}

export function browsableHtml(page: BrowsablePage): string {
  const links = new Set([page.next, page.previous].filter((url): url is string => typeof url === 'string'));
  const pager =
    page.position === undefined
      ? ''
      : `<nav aria-label="Pages">${
          page.previous ? `<a rel="prev" href="${escapeHtml(page.previous)}">« Previous</a>` : '<span>« Previous</span>'
        }<span>${escapeHtml(page.position)}</span>${
          page.next ? `<a rel="next" href="${escapeHtml(page.next)}">Next »</a>` : '<span>Next »</span>'
        }</nav>`;
  const formats = Object.entries(page.formats ?? {})
    .map(([name, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(name)}</a>`)
    .join(' ');
  const status = `HTTP ${page.statusCode} ${statusText[page.statusCode] ?? ''}`.trim();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, noarchive">
<title>${escapeHtml(page.title)} – Kerro counters</title>
<style>${style}</style>
</head>
<body>
<header>Kerro counters API</header>
<main>
<h1>${escapeHtml(page.title)}</h1>
${formats ? `<nav aria-label="Formats">Formats: ${formats}</nav>` : ''}
${pager}
<div class="request"><b>GET</b> ${escapeHtml(page.requestUrl)}</div>
<pre><span class="meta"><b>${escapeHtml(status)}</b>
<b>Allow:</b> ${escapeHtml(page.allow ?? 'GET, HEAD, OPTIONS')}
<b>Content-Type:</b> application/json
</span>
${prettyJsonHtml(page.json, links)}</pre>
</main>
</body>
</html>
`;
}

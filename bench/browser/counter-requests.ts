import type { Page, Response } from 'playwright-core';
import { paths } from '../../src/shared/paths';
import { atLeast, atMost, type BenchResult } from '../lib/result';
import { formatCount } from '../lib/settings';

/** Issue 14: "all ~2,000 counters in at most two compressed requests". */
const requestTarget = 2;

/** The counter list as the map asks for it: `/proxy/counters/?page=…` (not counters-info, not the traffic API). */
const isCounterListUrl = (url: string) => new URL(url).pathname === `${paths.proxyCounters}/`;
const compressedEncodings = new Set(['br', 'gzip', 'zstd']);

export interface CounterRequestFigures {
  /** Requests the page sent to the counter list, answered or not. */
  requests: number;
  /** Features in all the answers together. */
  counters: number;
  /** Each answer's Content-Encoding ('identity' when none). */
  encodings: string[];
  /** Every answer came compressed (br, gzip or zstd). */
  allCompressed: boolean;
  /** The answers' bodies as they crossed the wire, and as decoded. */
  wireBytes: number;
  decodedBytes: number;
}

interface Answer {
  features: number;
  encoding: string;
  wireBytes: number;
  decodedBytes: number;
}

async function readAnswer(response: Response): Promise<Answer> {
  const body = await response.body();
  // A DRF page: { count, next, previous, results: { type: 'FeatureCollection', features } }.
  const parsed = JSON.parse(body.toString('utf8')) as { results?: { features?: unknown[] } };
  return {
    features: parsed.results?.features?.length ?? 0,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    // Chromium's encoded size: the compressed body, as it came.
    wireBytes: (await response.request().sizes()).responseBodySize,
    decodedBytes: body.length,
  };
}

/**
 * Watches the page's requests to the counter list from now on; the returned function sums them
 * up once the page has all it asked for (every answer read).
 */
export function watchCounterRequests(page: Page): () => Promise<CounterRequestFigures> {
  let requests = 0;
  const answers: Promise<Answer>[] = [];
  page.on('request', (request) => {
    if (isCounterListUrl(request.url())) requests += 1;
  });
  page.on('response', (response) => {
    if (isCounterListUrl(response.url())) answers.push(readAnswer(response));
  });
  return async () => {
    const read = await Promise.all(answers);
    const encodings = read.map((answer) => answer.encoding);
    return {
      requests,
      counters: read.reduce((sum, answer) => sum + answer.features, 0),
      encodings,
      allCompressed: read.length === requests && encodings.every((encoding) => compressedEncodings.has(encoding)),
      wireBytes: read.reduce((sum, answer) => sum + answer.wireBytes, 0),
      decodedBytes: read.reduce((sum, answer) => sum + answer.decodedBytes, 0),
    };
  };
}

export interface WholeListFigures {
  counters: number;
  encoding: string;
  wireBytes: number;
}

/**
 * The baseline: every counter in one answer, as one `fetch` can have it. The counter list's pages
 * hold at most 1,000, so it is the service's polygon search (POST /api/counters/, no paging) over
 * the whole globe, asked for the way a browser asks (brotli, gzip, zstd accepted).
 */
export async function fetchWholeCounterList(origin: string): Promise<WholeListFigures> {
  const globe = { type: 'Polygon', coordinates: [[[-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]]] };
  const response = await fetch(`${origin}/api/counters/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' },
    body: JSON.stringify(globe),
  });
  if (!response.ok) throw new Error(`the whole counter list: HTTP ${response.status}`);
  const length = response.headers.get('content-length');
  // fetch decodes the body; the header tells the size that crossed the wire.
  if (length === null) throw new Error('the whole counter list came without a Content-Length');
  const parsed = (await response.json()) as { features: unknown[] };
  return { counters: parsed.features.length, encoding: response.headers.get('content-encoding') ?? 'identity', wireBytes: Number(length) };
}

const kibText = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The rows: the map's requests in each load (the worst one judged) beside the whole list in one answer. */
export function counterRequestRows(group: string, loads: CounterRequestFigures[], mapProgress: string, whole: WholeListFigures): BenchResult[] {
  const each = (pick: (load: CounterRequestFigures) => string | number) => `loads: ${loads.map(pick).join(', ')}`;
  const last = loads.at(-1)!;
  return [
    {
      group,
      name: 'requests to the counter list',
      value: Math.max(...loads.map((load) => load.requests)),
      unit: 'request(s)',
      target: atMost(requestTarget),
      note: `${each((load) => load.requests)} (the most of them judged); ${paths.proxyCounters}/?page=N&page_size=1000`,
    },
    {
      group,
      name: 'counters received',
      value: Math.min(...loads.map((load) => load.counters)),
      unit: 'counters',
      note: `${each((load) => load.counters)}; the map's progress says ${mapProgress}; the whole list has ${formatCount(whole.counters)}`,
    },
    {
      group,
      name: 'every answer compressed (br, gzip or zstd): 1 yes, 0 no',
      value: loads.every((load) => load.allCompressed) ? 1 : 0,
      unit: '',
      target: atLeast(1),
      note: `Content-Encoding ${each((load) => load.encodings.join('+'))}`,
    },
    {
      group,
      name: 'compressed bytes of those answers',
      value: last.wireBytes / 1024,
      unit: 'KiB',
      note: `${kibText(last.decodedBytes)} decoded (the last load)`,
    },
    {
      group,
      name: 'baseline: the whole list in one fetch',
      value: 1,
      unit: 'request(s)',
      note: `${formatCount(whole.counters)} counters in one answer, the service's polygon search over the globe (no paging; pages hold ≤ 1,000)`,
    },
    {
      group,
      name: 'baseline: its compressed bytes',
      value: whole.wireBytes / 1024,
      unit: 'KiB',
      note: `Content-Encoding ${whole.encoding}; the map's answers ${(last.wireBytes / whole.wireBytes).toFixed(2)}× this`,
    },
  ];
}

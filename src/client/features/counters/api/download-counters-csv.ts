import { paths } from '@/shared/paths';
import { buildUrl, ApiError } from '../../../lib/http-client';
import { mapWithConcurrency } from '../lib/bounded-pool';

/** The service's largest page: 2,000 counters are two CSV pages. */
export const CSV_PAGE_SIZE = 1000;

export function csvPageUrl(page: number, pageSize = CSV_PAGE_SIZE): string {
  return buildUrl(`${paths.proxyCounters}/`, { format: 'csv', page, page_size: pageSize });
}

/**
 * The service's own CSV (format=csv) is paged like its JSON. The app fetches every page and joins
 * them into one file: the header line once, then each page's rows in page order.
 * (The JSON API client does not fit here: the body is CSV text, not JSON.)
 */
export async function fetchAllCountersCsv(total: number, signal?: AbortSignal): Promise<string> {
  const pageCount = Math.max(1, Math.ceil(total / CSV_PAGE_SIZE));
  const pages = await mapWithConcurrency(
    Array.from({ length: pageCount }, (_, index) => index + 1),
    4,
    async (page) => {
      const url = csvPageUrl(page);
      let response: Response;
      try {
        response = await fetch(url, { headers: { Accept: 'text/csv' }, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError({ kind: 'network', status: 0, url, cause: error });
      }
      if (!response.ok) throw new ApiError({ kind: 'http', status: response.status, url });
      return response.text();
    },
  );
  return joinCsvPages(pages);
}

/** Keeps the first page's header, drops the repeated header of the others. */
export function joinCsvPages(pages: readonly string[]): string {
  let out = '';
  pages.forEach((page, index) => {
    // A header line has no quoted line breaks, so the first line break ends it.
    const headerEnd = page.search(/\r?\n/);
    const body = index === 0 ? page : headerEnd === -1 ? '' : page.slice(headerEnd).replace(/^\r?\n/, '');
    if (body === '') return;
    out += body.endsWith('\n') ? body : `${body}\r\n`;
  });
  return out;
}

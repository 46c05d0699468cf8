/**
 * The dashboard's downloads (issue 41, item 9), as text chunks of one page of reports each: the
 * reports as CSV and GeoJSON, their public updates as CSV. Only published reports and only what
 * the public may read of them: no reporter's name, email, phone, device or account, no internal
 * fields (moderation notes, reject reasons, API keys). A page at a time, so memory stays bounded.
 */
import { statusOfDetailedStatus } from '../../../shared/georeport/detailed-status';
import type { DashboardFilter, DashboardReport, DashboardRepository } from '../../storage/repositories/types';
import { formatW3cDateTime } from '../../time/w3c';
import { csvRecord } from './csv';

export interface ExportContext {
  repository: DashboardRepository;
  filter: DashboardFilter;
  timeZone: string;
  /** The public page of a report. */
  requestUrl: (id: string) => string;
  serviceNames: ReadonlyMap<string, string>;
  bodyNames: ReadonlyMap<string, string>;
  pageSize?: number;
}

export const requestColumns = [
  'service_request_id', 'service_code', 'service_name', 'title', 'description', 'address', 'lat', 'long',
  'body_id', 'body_name', 'state', 'detailed_status', 'created', 'published', 'closed', 'updated', 'url',
] as const;

export const updateColumns = ['service_request_id', 'at', 'kind', 'status', 'detailed_status', 'note', 'resident_update'] as const;

const pagesOf = (context: ExportContext) => context.repository.reportPages(context.filter, { pageSize: context.pageSize ?? 500, publishedOnly: true });

function presented(report: DashboardReport, context: ExportContext) {
  const time = (at: number | null) => (at === null ? null : formatW3cDateTime(at, context.timeZone));
  return {
    service_request_id: report.service_request_id,
    service_code: report.service_code,
    service_name: context.serviceNames.get(report.service_code) ?? report.service_code,
    title: report.title,
    description: report.description,
    address: report.address_string,
    lat: report.lat,
    long: report.long,
    body_id: report.body_id,
    body_name: report.body_id === null ? null : (context.bodyNames.get(report.body_id) ?? report.body_id),
    state: report.state,
    detailed_status: report.detailed_status.join(','),
    created: time(report.requested_at),
    published: time(report.published_at),
    closed: time(report.closed_at),
    updated: time(report.updated_at),
    url: context.requestUrl(report.service_request_id),
  } satisfies Record<(typeof requestColumns)[number], string | number | null>;
}

export async function* requestsCsv(context: ExportContext): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord(requestColumns)}`;
  for await (const page of pagesOf(context)) {
    yield page
      .map((report) => {
        const fields = presented(report, context);
        return csvRecord(requestColumns.map((column) => fields[column]));
      })
      .join('');
  }
}

export async function* requestsGeoJson(context: ExportContext): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const page of pagesOf(context)) {
    const features = page.map((report) => {
      const properties = presented(report, context);
      const geometry = report.lat === null || report.long === null ? null : { type: 'Point', coordinates: [report.long, report.lat] };
      return JSON.stringify({ type: 'Feature', id: report.service_request_id, geometry, properties });
    });
    yield `${first ? '' : ','}${features.join(',')}`;
    first = false;
  }
  yield ']}\n';
}

export async function* updatesCsv(context: ExportContext): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord(updateColumns)}`;
  for await (const page of pagesOf(context)) {
    const updates = await context.repository.updatesOf(page.map((report) => report.service_request_id));
    yield updates
      .map((update) =>
        csvRecord([
          update.service_request_id,
          formatW3cDateTime(update.at, context.timeZone),
          update.kind,
          statusOfDetailedStatus(update.detailed_status),
          update.detailed_status.join(','),
          update.note,
          update.resident_update_text,
        ]),
      )
      .join('');
  }
}

/** What a signed-in resident sees of their own: their reports, what they follow, their email settings. */
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import type { ResidentAlertItem, ResidentMe, ResidentRequestItem } from '../../shared/residents/wire';
import type { AppContext } from '../context';
import { translationOf } from '../open311/presenter';
import type { ResidentReport, ResidentRequest, ServiceTypeRecord } from '../storage/repositories/types';
import { formatW3cDateTime } from '../time/w3c';

function itemOf(request: ResidentRequest, published: boolean, types: ServiceTypeRecord[], locale: SupportedLocale, timeZone: string): ResidentRequestItem {
  const type = types.find((candidate) => candidate.service_code === request.service_code);
  return {
    id: request.service_request_id,
    type: request.service_code,
    typeName: type ? translationOf(type, locale).service_name : request.service_code,
    title: request.title,
    status: request.status,
    detailedStatus: request.detailed_status,
    requestedAt: formatW3cDateTime(request.requested_at, timeZone),
    updatedAt: formatW3cDateTime(request.updated_at, timeZone),
    link: published ? `/requests/${encodeURIComponent(request.service_request_id)}` : null,
  };
}

/**
 * On unless turned off for every report. A merged duplicate does not count: its subscription
 * ended when its reporter moved to the original's updates, which is no setting of theirs; nor
 * does one report turned off from its email's unsubscribe link turn the setting off.
 */
function reportUpdatesOn(reports: readonly ResidentReport[]): boolean {
  const own = reports.filter((report) => report.duplicate_of === null);
  return own.length === 0 || own.some((report) => report.updates);
}

export async function residentMe(context: AppContext, email: string, requestedLocale: string | undefined): Promise<ResidentMe> {
  const { residents, serviceTypes } = context.repositories;
  const [reports, follows, types, alerts] = await Promise.all([
    residents.reportsOf(email),
    residents.followsOf(email),
    serviceTypes.list(),
    context.repositories.alerts.listByEmail(email),
  ]);
  const locale = resolveLocale(requestedLocale);
  const timeZone = context.config.TZ_NAME;
  const named = reports.find((report) => report.first_name !== '' || report.last_name !== '');
  return {
    email,
    firstName: named?.first_name ?? '',
    lastName: named?.last_name ?? '',
    reportUpdates: reportUpdatesOn(reports),
    reports: reports.map((report) => ({
      ...itemOf(report, report.moderation === 'published', types, locale, timeZone),
      moderation: report.moderation,
      updates: report.updates,
      duplicateOf: report.duplicate_of,
    })),
    follows: follows.map((follow) => itemOf(follow, true, types, locale, timeZone)),
    alerts: await Promise.all(alerts.map(async (alert): Promise<ResidentAlertItem> => {
      const body = alert.area.kind === 'body' ? await context.repositories.bodies.find(alert.area.body_id) : undefined;
      return {
        id: alert.id,
        area: alert.area,
        frequency: alert.frequency,
        confirmed: alert.confirmed,
        created_at: formatW3cDateTime(alert.created_at, timeZone),
        ...(body ? { bodyName: body.names[locale] } : {}),
      };
    })),
  };
}

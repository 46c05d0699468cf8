/**
 * How a /mail/* page names the report its link is about: its type in the page's language, where
 * it is (only once a moderator has published it) and its id. Never the title or description,
 * which are the resident's own words, and never anything of the reporter.
 */
import type { SupportedLocale } from '../../shared/locales';
import { translationOf } from '../open311/presenter';
import type { Repositories } from '../storage/repositories/types';

export type ReportNamer = (serviceRequestId: string, locale: SupportedLocale) => Promise<string>;

export function reportNamer(repositories: Pick<Repositories, 'serviceRequests' | 'serviceTypes'>): ReportNamer {
  return async (serviceRequestId, locale) => {
    const request = await repositories.serviceRequests.find(serviceRequestId);
    if (!request) return serviceRequestId;
    const type = await repositories.serviceTypes.find(request.service_code);
    const typeName = type ? translationOf(type, locale).service_name : request.service_code;
    const place = request.moderation === 'published' ? request.address_string?.replace(/\s+/g, ' ').trim() : undefined;
    return `${[typeName, place].filter(Boolean).join(', ')} (${serviceRequestId})`;
  };
}

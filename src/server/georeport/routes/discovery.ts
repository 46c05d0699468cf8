/** GET discovery.[format]: where the API is, its formats and changeset, and the jurisdictions it serves. */
import type { FastifyReply } from 'fastify';
import type { SupportedLocale } from '../../../shared/locales';
import { bodyName } from '../../bodies/assign';
import { presentDiscovery } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import type { JurisdictionScope } from '../jurisdiction';
import type { GeoReportContext } from '../service-context';

// The interface's own changeset: bump it when the API changes.
const apiChangeset = '2026-11-27T00:00:00Z';

interface DiscoveryAsk {
  format: GeoReportFormat;
  locale: SupportedLocale;
  baseUrl: string;
  scope: JurisdictionScope;
}

export function discoveryHandler(context: GeoReportContext) {
  return async (reply: FastifyReply, { format, locale, baseUrl, scope }: DiscoveryAsk) => {
    // One body when jurisdiction_id names one; else every body, by jurisdiction_id.
    const bodies = scope.body ? [scope.body] : [...(await context.jurisdictions.snapshot()).bodies.values()];
    const jurisdictions = bodies
      .map((body) => ({ jurisdiction_id: body.jurisdiction_id, name: bodyName(body, locale) }))
      .sort((a, b) => (a.jurisdiction_id < b.jurisdiction_id ? -1 : a.jurisdiction_id > b.jurisdiction_id ? 1 : 0));
    return sendDocument(reply, presentDiscovery(baseUrl, apiChangeset, `${baseUrl}/`, jurisdictions), format);
  };
}

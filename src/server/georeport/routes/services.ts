/** GET services.[format] and services/{code}.[format]: the service list and one service's definition, of a body when jurisdiction_id names one. */
import { unknownServiceCode } from '../../../shared/georeport/problems';
import type { SupportedLocale } from '../../../shared/locales';
import type { FastifyReply } from 'fastify';
import { bodyName } from '../../bodies/assign';
import type { AppContext } from '../../context';
import { notFound } from '../../open311/errors';
import { presentServiceDefinition, presentServiceTypes } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import type { JurisdictionScope } from '../jurisdiction';

export function serviceListHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, locale, scope }: { format: GeoReportFormat; locale: SupportedLocale; scope: JurisdictionScope }) => {
    const offered = (await context.repositories.serviceTypes.list()).filter((type) => type.archived_at === undefined);
    const { body } = scope;
    // In the installation's order, so every body's list reads the same way.
    const listed = body ? offered.filter((type) => body.services.includes(type.service_code)) : offered;
    return sendDocument(reply, presentServiceTypes(listed, locale), format);
  };
}

export function serviceDefinitionHandler(context: AppContext) {
  return async (
    reply: FastifyReply,
    { format, service_code, locale, scope }: { format: GeoReportFormat; service_code: string; locale: SupportedLocale; scope: JurisdictionScope },
  ) => {
    const type = await context.repositories.serviceTypes.find(service_code);
    // An archived type is no longer offered: its definition is gone from the API with it.
    if (!type || type.archived_at !== undefined) throw notFound(unknownServiceCode.text({ value: service_code, format }));
    const { body } = scope;
    if (body && !body.services.includes(service_code)) {
      throw notFound(`service_code ${service_code} is not handled by ${bodyName(body, locale)} (jurisdiction_id ${body.jurisdiction_id}); services.${format}?jurisdiction_id=${body.jurisdiction_id} lists its codes`);
    }
    return sendDocument(reply, presentServiceDefinition(type, locale), format);
  };
}

/** GET services.[format] and services/{code}.[format]: the service list and one service's definition. */
import { unknownServiceCode } from '../../../shared/georeport/problems';
import type { SupportedLocale } from '../../../shared/locales';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../open311/errors';
import { presentServiceDefinition, presentServiceTypes } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';

export function serviceListHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, locale }: { format: GeoReportFormat; locale: SupportedLocale }) => {
    const types = await context.repositories.serviceTypes.list();
    return sendDocument(reply, presentServiceTypes(types, locale), format);
  };
}

export function serviceDefinitionHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, service_code, locale }: { format: GeoReportFormat; service_code: string; locale: SupportedLocale }) => {
    const type = await context.repositories.serviceTypes.find(service_code);
    if (!type) throw notFound(unknownServiceCode.text({ value: service_code, format }));
    return sendDocument(reply, presentServiceDefinition(type, locale), format);
  };
}

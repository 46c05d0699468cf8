/** GET services.[format] and services/{code}.[format]: the service list and one service's definition. */
import { unknownServiceCode } from '../../../shared/georeport/problems';
import { resolveLocale } from '../../../shared/locales';
import type { AppContext } from '../../context';
import { textParam, type RawQuery } from '../../http/query-params';
import { notFound } from '../../open311/errors';
import { presentServiceDefinition, presentServiceTypes } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import { checkJurisdiction } from '../jurisdiction';
import type { FormatHandler } from './handler';

export function serviceListHandler(context: AppContext): FormatHandler {
  return async (request, reply, format) => {
    const query = request.query as RawQuery;
    checkJurisdiction(query, context.config);
    const locale = resolveLocale(textParam(query, 'locale'));
    const types = await context.repositories.serviceTypes.list();
    return sendDocument(reply, presentServiceTypes(types, locale), format);
  };
}

export function serviceDefinitionHandler(context: AppContext, serviceCode: string): FormatHandler {
  return async (request, reply, format) => {
    const query = request.query as RawQuery;
    checkJurisdiction(query, context.config);
    const locale = resolveLocale(textParam(query, 'locale'));
    const type = await context.repositories.serviceTypes.find(serviceCode);
    if (!type) throw notFound(unknownServiceCode.text({ value: serviceCode, format }));
    return sendDocument(reply, presentServiceDefinition(type, locale), format);
  };
}

/** The WHERE of a service-request listing, shared by the plain listing and both engines' radius searches. */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Tables } from './tables';
import type { ServiceRequestQuery } from '../repositories/types';

export type Near = NonNullable<ServiceRequestQuery['near']>;

/**
 * Integer columns against a bound: `x >= 1.5` is `x >= 2` and `x <= 1.5` is `x <= 1`, as SQLite
 * compares them; PostgreSQL's bigint parameter could not take the fraction.
 */
const lowerBound = (value: number) => Math.ceil(value);
const upperBound = (value: number) => Math.floor(value);

/** An empty list matches no row (PostgreSQL has no empty IN list); no moderation state: none, not even a key's own. */
export const matchesNothing = (query: ServiceRequestQuery) =>
  query.moderation.length === 0 || query.ids?.length === 0 || query.serviceCodes?.length === 0 || query.statuses?.length === 0 || query.bodyIds?.length === 0;

/** The query's filters; the values bind in the order of `filterValues`. */
export function requestFilters(eb: ExpressionBuilder<Tables, 'service_requests'>, query: ServiceRequestQuery): Expression<SqlBool> {
  const shown = eb('moderation', 'in', query.moderation);
  // A caller's own requests whatever their state (its key's id is never null, nor matches a null).
  const where = [query.createdWithKey === undefined ? shown : eb.or([shown, eb('api_key_id', '=', query.createdWithKey)])];
  if (query.ids) where.push(eb('service_request_id', 'in', query.ids));
  if (query.serviceCodes) where.push(eb('service_code', 'in', query.serviceCodes));
  if (query.statuses) where.push(eb('status', 'in', query.statuses));
  if (query.bodyIds) where.push(eb('body_id', 'in', query.bodyIds));
  if (query.requestedFrom !== undefined) where.push(eb('requested_at', '>=', lowerBound(query.requestedFrom)));
  if (query.requestedTo !== undefined) where.push(eb('requested_at', '<=', upperBound(query.requestedTo)));
  if (query.updatedFrom !== undefined) where.push(eb('updated_at', '>=', lowerBound(query.updatedFrom)));
  if (query.updatedTo !== undefined) where.push(eb('updated_at', '<=', upperBound(query.updatedTo)));
  if (query.serviceObject) {
    where.push(eb('service_object_type', '=', query.serviceObject.type));
    if (query.serviceObject.id !== undefined) where.push(eb('service_object_id', '=', query.serviceObject.id));
  }
  return eb.and(where);
}

/** requestFilters' bound values, in order, for a statement compiled once per shape (filterShape). */
export function filterValues(query: ServiceRequestQuery): unknown[] {
  const values: unknown[] = [...query.moderation, ...(query.createdWithKey === undefined ? [] : [query.createdWithKey]), ...(query.ids ?? []), ...(query.serviceCodes ?? []), ...(query.statuses ?? []), ...(query.bodyIds ?? [])];
  if (query.requestedFrom !== undefined) values.push(lowerBound(query.requestedFrom));
  if (query.requestedTo !== undefined) values.push(upperBound(query.requestedTo));
  if (query.updatedFrom !== undefined) values.push(lowerBound(query.updatedFrom));
  if (query.updatedTo !== undefined) values.push(upperBound(query.updatedTo));
  if (query.serviceObject) {
    values.push(query.serviceObject.type);
    if (query.serviceObject.id !== undefined) values.push(query.serviceObject.id);
  }
  return values;
}

/** Which filters a query uses and how many values each binds: queries of one shape share their SQL. */
export function filterShape(query: ServiceRequestQuery): string {
  const { moderation, createdWithKey, ids, serviceCodes, statuses, bodyIds, requestedFrom, requestedTo, updatedFrom, updatedTo, serviceObject } = query;
  const given = (value: unknown) => (value === undefined ? '-' : '+');
  return `${moderation.length}${given(createdWithKey)},${ids?.length},${serviceCodes?.length},${statuses?.length},${bodyIds?.length},${given(requestedFrom)}${given(requestedTo)}${given(updatedFrom)}${given(updatedTo)}${given(serviceObject)}${given(serviceObject?.id)}`;
}

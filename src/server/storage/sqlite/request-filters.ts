/** The WHERE clauses of a service-request query, shared by the plain listing and the radius search. */
import type { ServiceRequestQuery } from '../repositories/types';

export const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** The query's filters as WHERE clauses, with their parameters in order. */
export function filterClauses(query: ServiceRequestQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [`moderation IN (${placeholders(query.moderation.length)})`];
  const params: unknown[] = [...query.moderation];
  const addList = (column: string, values: readonly unknown[] | undefined) => {
    if (!values) return;
    where.push(`${column} IN (${placeholders(values.length)})`);
    params.push(...values);
  };
  const addBound = (clause: string, value: number | undefined) => {
    if (value === undefined) return;
    where.push(clause);
    params.push(value);
  };
  addList('service_request_id', query.ids);
  addList('service_code', query.serviceCodes);
  addList('status', query.statuses);
  addBound('requested_at >= ?', query.requestedFrom);
  addBound('requested_at <= ?', query.requestedTo);
  addBound('updated_at >= ?', query.updatedFrom);
  addBound('updated_at <= ?', query.updatedTo);
  if (query.serviceObject) {
    where.push('service_object_type = ?');
    params.push(query.serviceObject.type);
    if (query.serviceObject.id !== undefined) {
      where.push('service_object_id = ?');
      params.push(query.serviceObject.id);
    }
  }
  return { where, params };
}

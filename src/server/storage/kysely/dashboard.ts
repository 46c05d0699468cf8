/**
 * The dashboard's reads (repositories/dashboard.ts): the filter as one WHERE, reports in keyset
 * pages by id (each page one query, so memory stays one page whatever the export's size), and
 * when each was published and closed from its public history, walked in JS: open or closed is the
 * detailed status's base value (shared/georeport/detailed-status.ts), which the two engines
 * cannot read alike from a comma list.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { statusOfDetailedStatus } from '../../../shared/georeport/detailed-status';
import type { Engine } from './engine';
import { moderationFlagFilter } from './moderation-flags';
import type { Tables } from './tables';
import { decodeDetailedStatus } from '../request-rows';
import type { DashboardFilter, DashboardReport, DashboardRepository, DashboardState, DashboardUpdate } from '../repositories/dashboard';

type RequestRows = ExpressionBuilder<Tables, 'service_requests'>;

function stateCondition(eb: RequestRows, state: DashboardState): Expression<SqlBool> {
  if (state === 'pending' || state === 'rejected') return eb('service_requests.moderation', '=', state);
  return eb.and([eb('service_requests.moderation', '=', 'published'), eb('service_requests.status', '=', state)]);
}

/** The filter's WHERE; an empty body list matches nothing (PostgreSQL has no empty IN list). */
export function dashboardWhere(eb: RequestRows, filter: DashboardFilter, publishedOnly = false): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [];
  if (filter.bodyIds !== undefined) {
    // A literal, not a bound false: better-sqlite3 binds no booleans.
    if (filter.bodyIds.length === 0) return sql<SqlBool>`1 = 0`;
    where.push(eb('service_requests.body_id', 'in', filter.bodyIds));
  }
  if (filter.from !== undefined) where.push(eb('service_requests.requested_at', '>=', Math.ceil(filter.from)));
  if (filter.until !== undefined) where.push(eb('service_requests.requested_at', '<', Math.ceil(filter.until)));
  if (filter.serviceCode !== undefined) where.push(eb('service_requests.service_code', '=', filter.serviceCode));
  if (filter.state !== undefined) where.push(stateCondition(eb, filter.state));
  if (publishedOnly) where.push(eb('service_requests.moderation', '=', 'published'));
  return eb.and(where);
}

function stateOf(moderation: string, status: string): DashboardState {
  if (moderation === 'published') return status === 'closed' ? 'closed' : 'open';
  return moderation === 'rejected' ? 'rejected' : 'pending';
}

interface Moments {
  published_at: number | null;
  closed_at: number | null;
}

/** Published: its first `published` entry. Closed: the first entry of the last run of closed ones (a reopen starts over). */
async function momentsOf(engine: Engine, ids: readonly string[]): Promise<Map<string, Moments>> {
  const moments = new Map<string, Moments>();
  if (ids.length === 0) return moments;
  const rows = await engine.db
    .selectFrom('request_history')
    .select(['service_request_id', 'at', 'kind', 'detailed_status'])
    .where('service_request_id', 'in', ids)
    .orderBy('service_request_id')
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const entry = moments.get(row.service_request_id) ?? { published_at: null, closed_at: null };
    if (row.kind === 'published' && entry.published_at === null) entry.published_at = row.at;
    if (statusOfDetailedStatus(decodeDetailedStatus(row.detailed_status)) === 'closed') entry.closed_at ??= row.at;
    else entry.closed_at = null;
    moments.set(row.service_request_id, entry);
  }
  return moments;
}

const reportColumns = [
  'service_request_id', 'service_code', 'title', 'description', 'address_string', 'lat', 'long', 'body_id',
  'moderation', 'status', 'detailed_status', 'requested_at', 'updated_at',
] as const;

export function createDashboardRepository(engine: Engine): DashboardRepository {
  const { db } = engine;
  return {
    async *reportPages(filter, { pageSize, publishedOnly = false }) {
      let after: string | undefined;
      for (;;) {
        const rows = await db
          .selectFrom('service_requests')
          .select(reportColumns)
          .where((eb) => dashboardWhere(eb, filter, publishedOnly))
          .$if(after !== undefined, (qb) => qb.where('service_requests.service_request_id', '>', after!))
          .orderBy('service_requests.service_request_id')
          .limit(pageSize)
          .execute();
        if (rows.length === 0) return;
        const moments = await momentsOf(engine, rows.map((row) => row.service_request_id));
        yield rows.map((row): DashboardReport => {
          const state = stateOf(row.moderation, row.status);
          const moment = moments.get(row.service_request_id);
          return {
            service_request_id: row.service_request_id,
            service_code: row.service_code,
            title: row.title,
            description: row.description,
            address_string: row.address_string,
            lat: row.lat,
            long: row.long,
            body_id: row.body_id,
            state,
            detailed_status: decodeDetailedStatus(row.detailed_status),
            requested_at: row.requested_at,
            updated_at: row.updated_at,
            published_at: moment?.published_at ?? null,
            // Only a closed report has a close; a rejected one was never opened to the public.
            closed_at: state === 'closed' ? (moment?.closed_at ?? null) : null,
          };
        });
        if (rows.length < pageSize) return;
        after = rows.at(-1)!.service_request_id;
      }
    },

    async updatesOf(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('request_history as h')
        // Only a published resident update is shown, whatever a history row names (as public-changes.ts).
        .leftJoin('resident_updates as u', (join) => join.onRef('u.id', '=', 'h.resident_update_id').on('u.moderation', '=', 'published'))
        .select(['h.service_request_id', 'h.at', 'h.kind', 'h.detailed_status', 'h.note', 'u.text as update_text', 'u.id as update_id'])
        .where('h.service_request_id', 'in', ids)
        .where((eb) => eb.or([eb('h.kind', '!=', 'resident_update'), eb('u.id', 'is not', null)]))
        .orderBy('h.service_request_id')
        .orderBy('h.at')
        .orderBy('h.id')
        .execute();
      return rows.map(
        (row): DashboardUpdate => ({
          service_request_id: row.service_request_id,
          at: row.at,
          kind: row.kind,
          detailed_status: decodeDetailedStatus(row.detailed_status),
          note: row.note,
          resident_update_text: row.update_id !== null ? row.update_text : null,
        }),
      );
    },

    async flaggedCounts(filter, now) {
      const count = async (flag: 'overdue' | 'reopened') => {
        const row = await db
          .selectFrom('service_requests')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where((eb) => eb.and([dashboardWhere(eb, filter), moderationFlagFilter(eb, flag, now)]))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      };
      return { overdue: await count('overdue'), reopened: await count('reopened') };
    },
  };
}

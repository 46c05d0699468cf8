/** The "was it fixed?" questionnaires and reports of abuse (issue 28), written once for both engines. */
import type { Db, Engine } from './engine';
import { insertOutboxMessage } from './outbox';
import { QuestionnaireAnsweredError } from '../errors';
import type { AbuseReport, AbuseReportRepository, Questionnaire, QuestionnaireAnswer, QuestionnaireRepository } from '../repositories/types';

/** Ids per lookup: within SQLite's cap on bound values. */
const LOOKUP_BATCH = 500;

async function inBatches<T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) rows.push(...(await read(ids.slice(start, start + LOOKUP_BATCH))));
  return rows;
}

/**
 * The request closed at `at`, inside the caller's transaction: its questionnaire counts from now.
 * Once the reporter was asked, a later close changes nothing (one questionnaire per request).
 */
export async function recordClose(trx: Db, serviceRequestId: string, at: number): Promise<void> {
  await trx
    .insertInto('questionnaires')
    .values({ service_request_id: serviceRequestId, closed_at: at })
    .onConflict((oc) => oc.column('service_request_id').doUpdateSet({ closed_at: at }).where('questionnaires.asked_at', 'is', null))
    .execute();
}

/**
 * The reporter's answer, inside the caller's transaction. Throws QuestionnaireAnsweredError when
 * it was answered already (or never asked), so the change it came with rolls back: single use,
 * even for two clicks at once (the second update finds the answer the first wrote).
 */
export async function recordAnswer(trx: Db, questionnaire: { id: number; service_request_id: string }, answer: QuestionnaireAnswer, at: number): Promise<void> {
  const result = await trx
    .updateTable('questionnaires')
    .set({ answer, answered_at: at })
    .where('id', '=', questionnaire.id)
    .where('service_request_id', '=', questionnaire.service_request_id)
    .where('asked_at', 'is not', null)
    .where('answer', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new QuestionnaireAnsweredError();
}

const questionnaireColumns = ['id', 'service_request_id', 'closed_at', 'asked_at', 'answer', 'answered_at'] as const;
const asQuestionnaire = (row: Questionnaire): Questionnaire => ({ ...row, id: Number(row.id) });

export function createQuestionnaireRepository(engine: Engine): QuestionnaireRepository {
  const { db } = engine;
  /** Published, closed as anything but REJECTED (nobody asks "was it fixed?" of a refusal), closed long enough, never asked. */
  const dueRequests = (trx: Db, closedBy: number) =>
    trx
      .selectFrom('questionnaires as q')
      .innerJoin('service_requests as r', 'r.service_request_id', 'q.service_request_id')
      .where('q.asked_at', 'is', null)
      .where('q.closed_at', '<=', closedBy)
      .where('r.moderation', '=', 'published')
      .where('r.status', '=', 'closed')
      .where('r.detailed_status', 'not like', 'REJECTED%');
  const activeReporter = (trx: Db, serviceRequestId: string) =>
    trx
      .selectFrom('subscriptions')
      .select(['id as subscription_id', 'email', 'locale', 'role'])
      .where('service_request_id', '=', serviceRequestId)
      .where('role', '=', 'reporter')
      .where('unsubscribed_at', 'is', null)
      .orderBy('id');

  return {
    async listDue(closedBy, limit) {
      const rows = await dueRequests(db, closedBy)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('subscriptions as s')
              .select('s.id')
              .whereRef('s.service_request_id', '=', 'q.service_request_id')
              .where('s.role', '=', 'reporter')
              .where('s.unsubscribed_at', 'is', null),
          ),
        )
        .select('q.service_request_id')
        .orderBy('q.closed_at')
        .orderBy('q.service_request_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.service_request_id);
    },
    async ask(serviceRequestId, closedBy, now, message) {
      return engine.write(async (trx) => {
        // One conditional update claims it: a second instance's update (PostgreSQL: after waiting
        // for the first's row lock) finds asked_at set and claims nothing.
        const claimed = await trx
          .updateTable('questionnaires')
          .set({ asked_at: now })
          .where('service_request_id', 'in', dueRequests(trx, closedBy).where('q.service_request_id', '=', serviceRequestId).select('q.service_request_id'))
          .where('asked_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return false;
        const reporter = await activeReporter(trx, serviceRequestId).executeTakeFirst();
        // Unsubscribed since: asked, so never again, but nothing is sent.
        if (!reporter) return false;
        await insertOutboxMessage(trx, message({ ...reporter, subscription_id: Number(reporter.subscription_id) }, Number(claimed.id)));
        return true;
      });
    },
    async find(id) {
      const row = await db.selectFrom('questionnaires').select(questionnaireColumns).where('id', '=', id).executeTakeFirst();
      return row && asQuestionnaire(row);
    },
    async listReopened({ limit, bodyIds }) {
      if (bodyIds?.length === 0) return [];
      const rows = await db
        .selectFrom('questionnaires as q')
        .innerJoin('service_requests as r', 'r.service_request_id', 'q.service_request_id')
        .select('q.service_request_id')
        .where('q.answer', '=', 'not_fixed')
        .where('r.moderation', '=', 'published')
        .where('r.status', '=', 'open')
        .$if(bodyIds !== undefined, (qb) => qb.where('r.body_id', 'in', bodyIds!))
        .orderBy('q.answered_at')
        .orderBy('q.service_request_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.service_request_id);
    },
    async findFor(ids) {
      const rows = await inBatches(ids, (batch) => db.selectFrom('questionnaires').select(questionnaireColumns).where('service_request_id', 'in', batch).execute());
      return new Map(rows.map((row) => [row.service_request_id, asQuestionnaire(row)]));
    },
  };
}

const abuseColumns = ['id', 'service_request_id', 'reason', 'email', 'created_at', 'resolved_at', 'resolved_by', 'resolution'] as const;
const asAbuseReport = (row: AbuseReport): AbuseReport => ({ ...row, id: Number(row.id) });

export function createAbuseReportRepository(engine: Engine): AbuseReportRepository {
  const { db } = engine;
  const forPostgres = engine.kind === 'postgres';
  return {
    async add(report) {
      return engine.write(async (trx) => {
        // PostgreSQL: FOR SHARE keeps the request published until this commits (SQLite's write lock does).
        const request = await trx
          .selectFrom('service_requests')
          .select('service_request_id')
          .where('service_request_id', '=', report.service_request_id)
          .where('moderation', '=', 'published')
          .$if(forPostgres, (qb) => qb.forShare())
          .executeTakeFirst();
        if (!request) return undefined;
        const row = await trx.insertInto('abuse_reports').values(report).returning(abuseColumns).executeTakeFirstOrThrow();
        return asAbuseReport(row);
      });
    },
    async listOpen(ids) {
      const rows = await inBatches(ids, (batch) =>
        db.selectFrom('abuse_reports').select(abuseColumns).where('service_request_id', 'in', batch).where('resolved_at', 'is', null).orderBy('id').execute(),
      );
      const open = new Map<string, AbuseReport[]>();
      for (const row of rows) open.set(row.service_request_id, [...(open.get(row.service_request_id) ?? []), asAbuseReport(row)]);
      return open;
    },
    async listFlagged({ limit, bodyIds }) {
      if (bodyIds?.length === 0) return [];
      const rows = await db
        .selectFrom('abuse_reports as a')
        .innerJoin('service_requests as r', 'r.service_request_id', 'a.service_request_id')
        .select((eb) => ['a.service_request_id', eb.fn.min('a.id').as('first')])
        .where('a.resolved_at', 'is', null)
        .where('r.moderation', '=', 'published')
        .$if(bodyIds !== undefined, (qb) => qb.where('r.body_id', 'in', bodyIds!))
        .groupBy('a.service_request_id')
        .orderBy('first')
        .limit(limit)
        .execute();
      return rows.map((row) => row.service_request_id);
    },
    async resolve(serviceRequestId, resolution, moderator, now) {
      const result = await db
        .updateTable('abuse_reports')
        .set({ resolved_at: now, resolved_by: moderator, resolution })
        .where('service_request_id', '=', serviceRequestId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

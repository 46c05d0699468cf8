/** Moderators, their sessions and the audit log, written once. */
import type { Db, Engine } from './engine';
import type { ModerationRepository, NewAuditEntry } from '../repositories/types';

const moderatorColumns = ['id', 'name', 'created_at', 'disabled_at'] as const;

/** Each named moderator's bodies, by name; a moderator with none (an administrator) has no entry. */
async function bodiesOf(db: Db, names: readonly string[]): Promise<Map<string, string[]>> {
  const bodies = new Map<string, string[]>();
  if (names.length === 0) return bodies;
  const rows = await db
    .selectFrom('moderator_bodies')
    .select(['moderator_name', 'body_id'])
    .where('moderator_name', 'in', names)
    .execute();
  for (const row of rows) bodies.set(row.moderator_name, [...(bodies.get(row.moderator_name) ?? []), row.body_id]);
  // Sorted here, not by the engine: code-point order on both, whatever the database's collation.
  for (const ids of bodies.values()) ids.sort();
  return bodies;
}

/** The rows with their `bodies` filled in. */
async function withBodies<Row extends { name: string }>(db: Db, rows: Row[]): Promise<(Row & { bodies: string[] })[]> {
  const bodies = await bodiesOf(db, rows.map((row) => row.name));
  return rows.map((row) => ({ ...row, bodies: bodies.get(row.name) ?? [] }));
}

async function insertModeratorBodies(trx: Db, name: string, bodyIds: readonly string[]): Promise<void> {
  const distinct = [...new Set(bodyIds)];
  if (distinct.length > 0) await trx.insertInto('moderator_bodies').values(distinct.map((body_id) => ({ moderator_name: name, body_id }))).execute();
}

/** The audit insert alone, inside the caller's transaction (the unit of work). */
export async function insertAuditEntry(trx: Db, { details, ...entry }: NewAuditEntry): Promise<void> {
  await trx.insertInto('audit_log').values({ ...entry, details_json: JSON.stringify(details) }).execute();
}

export function createModerationRepository(engine: Engine): ModerationRepository {
  const { db } = engine;
  /** The change and the end of the moderator's sessions commit together; false when no such moderator. */
  const updateModerator = (name: string, set: { password_hash: string } | { disabled_at: number | null }, endSessions: boolean) =>
    engine.write(async (trx) => {
      const row = await trx.updateTable('moderators').set(set).where('name', '=', name).returning('id').executeTakeFirst();
      if (!row) return false;
      if (endSessions) await trx.deleteFrom('moderator_sessions').where('moderator_id', '=', row.id).execute();
      return true;
    });

  return {
    async createModerator(name, passwordHash, now, bodyIds = []) {
      // One transaction: a moderator meant for a body is never, even briefly, an administrator.
      return engine.write(async (trx) => {
        const created = await trx
          .insertInto('moderators')
          .values({ name, password_hash: passwordHash, created_at: now })
          .onConflict((oc) => oc.column('name').doNothing())
          .returning(moderatorColumns)
          .executeTakeFirst();
        if (!created) return undefined;
        await insertModeratorBodies(trx, name, bodyIds);
        return { ...created, bodies: [...new Set(bodyIds)].sort() };
      });
    },
    async findModerator(name) {
      const row = await db.selectFrom('moderators').select([...moderatorColumns, 'password_hash']).where('name', '=', name).executeTakeFirst();
      return row && (await withBodies(db, [row]))[0];
    },
    async listModerators() {
      return withBodies(db, await db.selectFrom('moderators').select(moderatorColumns).orderBy('name').execute());
    },
    async setModeratorBodies(name, bodyIds) {
      return engine.write(async (trx) => {
        const found = await trx.selectFrom('moderators').select('id').where('name', '=', name).executeTakeFirst();
        if (!found) return false;
        await trx.deleteFrom('moderator_bodies').where('moderator_name', '=', name).execute();
        await insertModeratorBodies(trx, name, bodyIds);
        return true;
      });
    },
    async setPassword(name, passwordHash) {
      return updateModerator(name, { password_hash: passwordHash }, true);
    },
    async setDisabled(name, disabledAt) {
      return updateModerator(name, { disabled_at: disabledAt }, disabledAt !== null);
    },
    async createSession(session) {
      await engine.write(async (trx) => {
        await trx.deleteFrom('moderator_sessions').where('expires_at', '<=', session.created_at).execute();
        await trx.insertInto('moderator_sessions').values(session).execute();
      });
    },
    async findActiveSession(id, now) {
      const session = await db
        .selectFrom('moderator_sessions as s')
        .innerJoin('moderators as m', 'm.id', 's.moderator_id')
        .select(['s.id', 's.moderator_id', 'm.name as moderator_name', 's.csrf_token', 's.created_at', 's.expires_at'])
        .where('s.id', '=', id)
        .where('s.expires_at', '>', now)
        .where('m.disabled_at', 'is', null)
        .executeTakeFirst();
      if (!session) return undefined;
      // Read at every request, so a change of bodies applies to sessions already signed in.
      return { ...session, moderator_bodies: (await bodiesOf(db, [session.moderator_name])).get(session.moderator_name) ?? [] };
    },
    async deleteSession(id) {
      await db.deleteFrom('moderator_sessions').where('id', '=', id).execute();
    },
    async recordAudit(entry) {
      await insertAuditEntry(db, entry);
    },
    async listAudit({ limit, beforeId, serviceRequestId, bodyIds, moderator, action, from, until }) {
      if (bodyIds?.length === 0) return [];
      const rows = await db
        .selectFrom('audit_log')
        .select(['audit_log.id', 'at', 'moderator', 'action', 'audit_log.service_request_id', 'details_json'])
        .$if(bodyIds !== undefined, (qb) =>
          qb.where('audit_log.service_request_id', 'in', (eb) =>
            eb.selectFrom('service_requests').select('service_requests.service_request_id').where('service_requests.body_id', 'in', bodyIds!),
          ),
        )
        .$if(beforeId !== undefined, (qb) => qb.where('audit_log.id', '<', beforeId!))
        .$if(serviceRequestId !== undefined, (qb) => qb.where('audit_log.service_request_id', '=', serviceRequestId!))
        .$if(moderator !== undefined, (qb) => qb.where('moderator', '=', moderator!))
        .$if(action !== undefined, (qb) => qb.where('action', '=', action!))
        .$if(from !== undefined, (qb) => qb.where('at', '>=', from!))
        .$if(until !== undefined, (qb) => qb.where('at', '<', until!))
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(({ details_json, ...row }) => ({ ...row, details: JSON.parse(details_json) as Record<string, unknown> }));
    },
  };
}

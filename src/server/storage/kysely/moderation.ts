/** Moderators, their sessions and the audit log, written once. */
import type { Db, Engine } from './engine';
import type { ModerationRepository, NewAuditEntry } from '../repositories/types';

const moderatorColumns = ['id', 'name', 'created_at', 'disabled_at'] as const;

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
    async createModerator(name, passwordHash, now) {
      return db
        .insertInto('moderators')
        .values({ name, password_hash: passwordHash, created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning(moderatorColumns)
        .executeTakeFirst();
    },
    async findModerator(name) {
      return db.selectFrom('moderators').select([...moderatorColumns, 'password_hash']).where('name', '=', name).executeTakeFirst();
    },
    async listModerators() {
      return db.selectFrom('moderators').select(moderatorColumns).orderBy('name').execute();
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
      return db
        .selectFrom('moderator_sessions as s')
        .innerJoin('moderators as m', 'm.id', 's.moderator_id')
        .select(['s.id', 's.moderator_id', 'm.name as moderator_name', 's.csrf_token', 's.created_at', 's.expires_at'])
        .where('s.id', '=', id)
        .where('s.expires_at', '>', now)
        .where('m.disabled_at', 'is', null)
        .executeTakeFirst();
    },
    async deleteSession(id) {
      await db.deleteFrom('moderator_sessions').where('id', '=', id).execute();
    },
    async recordAudit(entry) {
      await insertAuditEntry(db, entry);
    },
    async listAudit({ limit, beforeId, serviceRequestId }) {
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'at', 'moderator', 'action', 'service_request_id', 'details_json'])
        .$if(beforeId !== undefined, (qb) => qb.where('id', '<', beforeId!))
        .$if(serviceRequestId !== undefined, (qb) => qb.where('service_request_id', '=', serviceRequestId!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(({ details_json, ...row }) => ({ ...row, details: JSON.parse(details_json) as Record<string, unknown> }));
    },
  };
}

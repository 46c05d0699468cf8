import type { SqliteDatabase } from './database';
import type { AuditEntry, ModerationRepository, ModeratorCredentials, ModeratorRecord, SessionRecord } from '../repositories/types';

type AuditRow = Omit<AuditEntry, 'details'> & { details_json: string };

const fromAuditRow = ({ details_json, ...row }: AuditRow): AuditEntry => ({
  ...row,
  details: JSON.parse(details_json) as Record<string, unknown>,
});

export function createSqliteModerationRepository(db: SqliteDatabase): ModerationRepository {
  const insertModerator = db.prepare(
    'INSERT INTO moderators (name, password_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
  );
  const selectModerator = db.prepare('SELECT * FROM moderators WHERE name = ?');
  const selectModerators = db.prepare('SELECT id, name, created_at, disabled_at FROM moderators ORDER BY name');
  const updatePassword = db.prepare('UPDATE moderators SET password_hash = ? WHERE name = ?');
  const updateDisabled = db.prepare('UPDATE moderators SET disabled_at = ? WHERE name = ?');
  const deleteSessionsOf = db.prepare('DELETE FROM moderator_sessions WHERE moderator_id = (SELECT id FROM moderators WHERE name = ?)');

  const insertSession = db.prepare(
    `INSERT INTO moderator_sessions (id, moderator_id, csrf_token, created_at, expires_at)
     VALUES (@id, @moderator_id, @csrf_token, @created_at, @expires_at)`,
  );
  const deleteExpiredSessions = db.prepare('DELETE FROM moderator_sessions WHERE expires_at <= ?');
  const selectActiveSession = db.prepare(
    `SELECT s.id, s.moderator_id, m.name AS moderator_name, s.csrf_token, s.created_at, s.expires_at
     FROM moderator_sessions s JOIN moderators m ON m.id = s.moderator_id
     WHERE s.id = ? AND s.expires_at > ? AND m.disabled_at IS NULL`,
  );
  const deleteSession = db.prepare('DELETE FROM moderator_sessions WHERE id = ?');

  const insertAudit = db.prepare(
    `INSERT INTO audit_log (at, moderator, action, service_request_id, details_json)
     VALUES (@at, @moderator, @action, @service_request_id, @details_json)`,
  );

  const setPassword = db.transaction((name: string, hash: string) => {
    const changed = updatePassword.run(hash, name).changes === 1;
    if (changed) deleteSessionsOf.run(name);
    return changed;
  });
  const setDisabled = db.transaction((name: string, disabledAt: number | null) => {
    const changed = updateDisabled.run(disabledAt, name).changes === 1;
    if (changed && disabledAt !== null) deleteSessionsOf.run(name);
    return changed;
  });
  const createSession = db.transaction((session: Omit<SessionRecord, 'moderator_name'>) => {
    deleteExpiredSessions.run(session.created_at);
    insertSession.run(session);
  });

  return {
    async createModerator(name, passwordHash, now) {
      if (insertModerator.run(name, passwordHash, now).changes === 0) return undefined;
      const { password_hash: _hash, ...record } = selectModerator.get(name) as ModeratorCredentials;
      return record;
    },
    async findModerator(name) {
      return selectModerator.get(name) as ModeratorCredentials | undefined;
    },
    async listModerators() {
      return selectModerators.all() as ModeratorRecord[];
    },
    async setPassword(name, passwordHash) {
      return setPassword(name, passwordHash);
    },
    async setDisabled(name, disabledAt) {
      return setDisabled(name, disabledAt);
    },
    async createSession(session) {
      createSession(session);
    },
    async findActiveSession(id, now) {
      return selectActiveSession.get(id, now) as SessionRecord | undefined;
    },
    async deleteSession(id) {
      deleteSession.run(id);
    },
    async recordAudit(entry) {
      insertAudit.run({ ...entry, details_json: JSON.stringify(entry.details) });
    },
    async listAudit({ limit, beforeId, serviceRequestId }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (beforeId !== undefined) {
        where.push('id < ?');
        params.push(beforeId);
      }
      if (serviceRequestId !== undefined) {
        where.push('service_request_id = ?');
        params.push(serviceRequestId);
      }
      const rows = db
        .prepare(
          `SELECT id, at, moderator, action, service_request_id, details_json FROM audit_log
           ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`,
        )
        .all(...params, limit) as AuditRow[];
      return rows.map(fromAuditRow);
    },
  };
}

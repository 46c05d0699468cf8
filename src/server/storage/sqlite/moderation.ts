import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import { prepareOutboxInsert } from '../notify/sqlite-outbox-store';
import type { SqliteDatabase } from '../storage/database';
import type { StoredMedia } from '../storage/repositories/types';
import type {
  AuditEntry,
  ModerationRepository,
  ModerationSnapshot,
  ModeratorCredentials,
  ModeratorRecord,
  RequestFieldChanges,
  SessionRecord,
} from './repository';

type SnapshotRow = Omit<ModerationSnapshot, 'detailed_status' | 'media'> & { detailed_status: string };
type AuditRow = Omit<AuditEntry, 'details'> & { details_json: string };

const changeableColumns = [
  'title', 'description', 'moderation', 'detailed_status', 'status_notes', 'external_media_url', 'updated_at',
] as const satisfies readonly (keyof RequestFieldChanges)[];

/** Column values of a change; `status` always follows the detailed status. */
function columnValues(set: RequestFieldChanges): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of changeableColumns) {
    if (set[column] !== undefined) values[column] = set[column];
  }
  if (set.detailed_status) {
    values.detailed_status = set.detailed_status.join(',');
    values.status = statusOfDetailedStatus(set.detailed_status);
  }
  return values;
}

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

  const selectFailures = db.prepare('SELECT at FROM login_failures WHERE scope = ? AND at >= ? ORDER BY at').pluck();
  const insertFailure = db.prepare('INSERT INTO login_failures (scope, at) VALUES (?, ?)');
  const forgetFailures = db.prepare('DELETE FROM login_failures WHERE at < ?');
  const clearFailures = db.prepare('DELETE FROM login_failures WHERE scope = ?');

  const insertAudit = db.prepare(
    `INSERT INTO audit_log (at, moderator, action, service_request_id, details_json)
     VALUES (@at, @moderator, @action, @service_request_id, @details_json)`,
  );

  const selectSnapshot = db.prepare(
    `SELECT service_request_id, service_code, title, description, moderation, status, detailed_status, status_notes,
            email, locale, external_media_url, requested_at, updated_at
     FROM service_requests WHERE service_request_id = ?`,
  );
  const selectMedia = db.prepare(
    'SELECT position, file_name, content_type, byte_size FROM request_media WHERE service_request_id = ? ORDER BY position',
  );
  const deleteMedia = db.prepare('DELETE FROM request_media WHERE service_request_id = ? AND position = ?');
  const insertOutbox = prepareOutboxInsert(db);

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
  const recordFailure = db.transaction((scopes: string[], at: number, forgetBefore: number) => {
    forgetFailures.run(forgetBefore);
    for (const scope of scopes) insertFailure.run(scope, at);
  });

  const applyChange = db.transaction((serviceRequestId: string, plan: Parameters<ModerationRepository['applyChange']>[1]) => {
    const row = selectSnapshot.get(serviceRequestId) as SnapshotRow | undefined;
    if (!row) return undefined;
    const current: ModerationSnapshot = {
      ...row,
      detailed_status: row.detailed_status === '' ? [] : row.detailed_status.split(','),
      media: selectMedia.all(serviceRequestId) as StoredMedia[],
    };
    const change = plan(current);
    if (!change) return { notificationQueued: false };

    const values = columnValues(change.set);
    const columns = Object.keys(values);
    if (columns.length > 0) {
      db.prepare(`UPDATE service_requests SET ${columns.map((column) => `${column} = @${column}`).join(', ')} WHERE service_request_id = @id`).run({
        ...values,
        id: serviceRequestId,
      });
    }
    let removedMediaFile: string | undefined;
    if (change.removeMediaPosition !== undefined) {
      removedMediaFile = current.media.find((media) => media.position === change.removeMediaPosition)?.file_name;
      deleteMedia.run(serviceRequestId, change.removeMediaPosition);
    }
    insertAudit.run({
      ...change.audit,
      service_request_id: serviceRequestId,
      details_json: JSON.stringify(change.audit.details),
    });
    if (change.notification) insertOutbox(change.notification);
    return { removedMediaFile, notificationQueued: change.notification !== undefined };
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
    async loginFailureTimes(scope, since) {
      return selectFailures.all(scope, since) as number[];
    },
    async recordLoginFailure(scopes, at, forgetBefore) {
      recordFailure(scopes, at, forgetBefore);
    },
    async clearLoginFailures(scope) {
      clearFailures.run(scope);
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
    async applyChange(serviceRequestId, plan) {
      // IMMEDIATE: the write lock is held from the read on, so the plan sees what it changes.
      return applyChange.immediate(serviceRequestId, plan);
    },
  };
}

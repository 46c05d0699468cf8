import type { PostgresDatabase, Queryable } from './database';
import type { AuditEntry, ModerationRepository, ModeratorCredentials, ModeratorRecord, NewAuditEntry, SessionRecord } from '../repositories/types';

type AuditRow = Omit<AuditEntry, 'details'> & { details_json: string };

const fromAuditRow = ({ details_json, ...row }: AuditRow): AuditEntry => ({
  ...row,
  details: JSON.parse(details_json) as Record<string, unknown>,
});

/** The audit insert alone, for writers that put it in their own transaction (the unit of work). */
export async function insertAuditEntry(client: Queryable, entry: NewAuditEntry): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (at, moderator, action, service_request_id, details_json) VALUES ($1, $2, $3, $4, $5)`,
    [entry.at, entry.moderator, entry.action, entry.service_request_id, JSON.stringify(entry.details)],
  );
}

export function createPostgresModerationRepository(db: PostgresDatabase): ModerationRepository {
  /** The change and the end of the moderator's sessions commit together; false when no such moderator. */
  const updateModerator = (name: string, assignment: string, value: unknown, endSessions: boolean) =>
    db.transaction(async (client) => {
      const [row] = await client.query<{ id: number }>(`UPDATE moderators SET ${assignment} = $1 WHERE name = $2 RETURNING id`, [
        value,
        name,
      ]);
      if (!row) return false;
      if (endSessions) await client.query('DELETE FROM moderator_sessions WHERE moderator_id = $1', [row.id]);
      return true;
    });

  return {
    async createModerator(name, passwordHash, now) {
      const [row] = await db.query<ModeratorRecord>(
        `INSERT INTO moderators (name, password_hash, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO NOTHING RETURNING id, name, created_at, disabled_at`,
        [name, passwordHash, now],
      );
      return row;
    },
    async findModerator(name) {
      const [row] = await db.query<ModeratorCredentials>(
        'SELECT id, name, password_hash, created_at, disabled_at FROM moderators WHERE name = $1',
        [name],
      );
      return row;
    },
    async listModerators() {
      return db.query<ModeratorRecord>('SELECT id, name, created_at, disabled_at FROM moderators ORDER BY name');
    },
    async setPassword(name, passwordHash) {
      return updateModerator(name, 'password_hash', passwordHash, true);
    },
    async setDisabled(name, disabledAt) {
      return updateModerator(name, 'disabled_at', disabledAt, disabledAt !== null);
    },
    async createSession(session: Omit<SessionRecord, 'moderator_name'>) {
      await db.transaction(async (client) => {
        await client.query('DELETE FROM moderator_sessions WHERE expires_at <= $1', [session.created_at]);
        await client.query(
          `INSERT INTO moderator_sessions (id, moderator_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
          [session.id, session.moderator_id, session.csrf_token, session.created_at, session.expires_at],
        );
      });
    },
    async findActiveSession(id, now) {
      const [row] = await db.query<SessionRecord>(
        `SELECT s.id, s.moderator_id, m.name AS moderator_name, s.csrf_token, s.created_at, s.expires_at
         FROM moderator_sessions s JOIN moderators m ON m.id = s.moderator_id
         WHERE s.id = $1 AND s.expires_at > $2 AND m.disabled_at IS NULL`,
        [id, now],
      );
      return row;
    },
    async deleteSession(id) {
      await db.query('DELETE FROM moderator_sessions WHERE id = $1', [id]);
    },
    async recordAudit(entry) {
      await insertAuditEntry(db, entry);
    },
    async listAudit({ limit, beforeId, serviceRequestId }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (beforeId !== undefined) where.push(`id < $${params.push(beforeId)}`);
      if (serviceRequestId !== undefined) where.push(`service_request_id = $${params.push(serviceRequestId)}`);
      const rows = await db.query<AuditRow>(
        `SELECT id, at, moderator, action, service_request_id, details_json FROM audit_log
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.push(limit)}`,
        params,
      );
      return rows.map(fromAuditRow);
    },
  };
}

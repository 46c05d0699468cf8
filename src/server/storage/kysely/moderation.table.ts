/** Moderators, their sessions and bodies, and the audit log (moderation.ts). */
import type { Generated } from 'kysely';

export interface ModeratorsTable {
  id: Generated<number>;
  name: string;
  password_hash: string;
  created_at: number;
  disabled_at: number | null;
}

export interface ModeratorSessionsTable {
  id: string;
  moderator_id: number;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  moderator: string;
  action: string;
  service_request_id: string | null;
  details_json: string;
}

export interface ModeratorBodiesTable {
  moderator_name: string;
  body_id: string;
}

export interface ModerationTables {
  moderators: ModeratorsTable;
  moderator_sessions: ModeratorSessionsTable;
  audit_log: AuditLogTable;
  moderator_bodies: ModeratorBodiesTable;
}

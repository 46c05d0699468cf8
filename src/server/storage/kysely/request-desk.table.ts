/** Who handles a report and the moderators' internal notes on it (request-desk.ts). */
import type { Generated } from 'kysely';

export interface RequestAssignmentsTable {
  service_request_id: string;
  moderator_name: string;
  assigned_by: string;
  assigned_at: number;
}

export interface InternalNotesTable {
  id: Generated<number>;
  service_request_id: string;
  author: string;
  text: string;
  created_at: number;
}

export interface RequestDeskTables {
  request_assignments: RequestAssignmentsTable;
  internal_notes: InternalNotesTable;
}

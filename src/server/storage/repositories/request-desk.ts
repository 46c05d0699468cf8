/**
 * The city's desk (issue 41, item 5): a report's assignee among its body's moderators, and the
 * internal notes those moderators keep on it. Moderators only: never in a public answer, feed,
 * email or export. Each change is written with its audit entry in one transaction.
 */

export interface RequestAssignment {
  service_request_id: string;
  moderator_name: string;
  assigned_by: string;
  assigned_at: number;
}

export interface InternalNote {
  id: number;
  service_request_id: string;
  author: string;
  text: string;
  created_at: number;
}

export interface RequestDeskRepository {
  /** The assignments of these requests (unassigned ones are absent). */
  assignmentsFor(serviceRequestIds: readonly string[]): Promise<Map<string, RequestAssignment>>;
  /**
   * Assigns the request to `moderatorName` (null: unassigns it) and audits the change as `by`;
   * the previous assignee (null: none). Nothing is written, and undefined answered, when the
   * assignee is already that one.
   */
  assign(serviceRequestId: string, moderatorName: string | null, by: string, at: number): Promise<{ from: string | null } | undefined>;
  /** The request's internal notes, oldest first. */
  listNotes(serviceRequestId: string): Promise<InternalNote[]>;
  /** Adds an internal note by `author`, audited (its text is not put in the audit log). */
  addNote(note: Omit<InternalNote, 'id'>): Promise<InternalNote>;
}

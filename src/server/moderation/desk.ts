/**
 * The city's desk on one request (issue 41, item 5): its assignee, who may be assigned, and the
 * internal notes, for the detail answer. Only the request's body's moderators reach it (the
 * routes check the scope first); nothing here goes into a public answer, feed, email or export.
 */
import type { ModerationDesk } from '../../shared/moderation/wire';
import type { ModeratorRecord, Repositories, ServiceRequestRecord } from '../storage/repositories/types';
import { formatW3cDateTime } from '../time/w3c';
import { inScope } from './scope';

/** Whether the moderator may act on requests of this body: one of their bodies, or any for an administrator (no bodies). */
export function mayModerate(moderator: Pick<ModeratorRecord, 'bodies' | 'disabled_at'>, bodyId: string | null): boolean {
  return moderator.disabled_at === null && inScope(moderator.bodies.length === 0 ? undefined : moderator.bodies, bodyId);
}

/** The active moderators a request of this body may be assigned to, by name. */
export async function assignableModerators(moderation: Repositories['moderation'], bodyId: string | null): Promise<string[]> {
  return (await moderation.listModerators())
    .filter((moderator) => mayModerate(moderator, bodyId))
    .map((moderator) => moderator.name)
    .sort((a, b) => a.localeCompare(b));
}

export async function deskOf(repositories: Pick<Repositories, 'moderation' | 'requestDesk'>, record: ServiceRequestRecord, timeZone: string): Promise<ModerationDesk> {
  const id = record.service_request_id;
  const assignment = (await repositories.requestDesk.assignmentsFor([id])).get(id);
  const notes = await repositories.requestDesk.listNotes(id);
  return {
    assignee: assignment
      ? { name: assignment.moderator_name, assigned_by: assignment.assigned_by, assigned_at: formatW3cDateTime(assignment.assigned_at, timeZone) }
      : null,
    assignable: await assignableModerators(repositories.moderation, record.body_id),
    internal_notes: notes.map((note) => ({ id: note.id, author: note.author, text: note.text, created_at: formatW3cDateTime(note.created_at, timeZone) })),
  };
}

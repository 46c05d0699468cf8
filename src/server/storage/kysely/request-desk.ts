/** Assignments and internal notes (issue 41, item 5), written once for both engines. */
import type { Engine } from './engine';
import { insertAuditEntry } from './moderation';
import type { InternalNote, RequestAssignment, RequestDeskRepository } from '../repositories/types';

/** Ids per lookup: within SQLite's cap on bound values. */
const LOOKUP_BATCH = 500;

const assignmentColumns = ['service_request_id', 'moderator_name', 'assigned_by', 'assigned_at'] as const;
const noteColumns = ['id', 'service_request_id', 'author', 'text', 'created_at'] as const;

export function createRequestDeskRepository(engine: Engine): RequestDeskRepository {
  const { db } = engine;
  return {
    async assignmentsFor(ids) {
      const found = new Map<string, RequestAssignment>();
      for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
        const batch = ids.slice(start, start + LOOKUP_BATCH);
        const rows = await db.selectFrom('request_assignments').select(assignmentColumns).where('service_request_id', 'in', batch).execute();
        for (const row of rows) found.set(row.service_request_id, row);
      }
      return found;
    },
    async assign(serviceRequestId, moderatorName, by, at) {
      return engine.write(async (trx) => {
        // Two moderators assigning at once take turns, so each audit entry's `from` is what it replaced.
        await engine.serialize(trx, [`request-desk:${serviceRequestId}`]);
        const current = await trx.selectFrom('request_assignments').select('moderator_name').where('service_request_id', '=', serviceRequestId).executeTakeFirst();
        const from = current?.moderator_name ?? null;
        if (from === moderatorName) return undefined;
        if (moderatorName === null) {
          await trx.deleteFrom('request_assignments').where('service_request_id', '=', serviceRequestId).execute();
        } else {
          await trx
            .insertInto('request_assignments')
            .values({ service_request_id: serviceRequestId, moderator_name: moderatorName, assigned_by: by, assigned_at: at })
            .onConflict((oc) => oc.column('service_request_id').doUpdateSet({ moderator_name: moderatorName, assigned_by: by, assigned_at: at }))
            .execute();
        }
        await insertAuditEntry(trx, {
          at,
          moderator: by,
          action: moderatorName === null ? 'unassign' : 'assign',
          service_request_id: serviceRequestId,
          details: { from, to: moderatorName },
        });
        return { from };
      });
    },
    async listNotes(serviceRequestId) {
      return db.selectFrom('internal_notes').select(noteColumns).where('service_request_id', '=', serviceRequestId).orderBy('id').execute();
    },
    async addNote(note) {
      return engine.write(async (trx) => {
        const row: InternalNote = await trx.insertInto('internal_notes').values(note).returning(noteColumns).executeTakeFirstOrThrow();
        // The text stays in its table, read by the body's moderators alone; the log says a note was added.
        await insertAuditEntry(trx, { at: note.created_at, moderator: note.author, action: 'internal_note', service_request_id: note.service_request_id, details: { note: row.id } });
        return row;
      });
    },
  };
}

/** Residents' updates, written once for both engines; a moderator's decision is written by the unit of work (decideResidentUpdate). */
import type { Db, Engine } from './engine';
import { insertOutboxMessage } from './outbox';
import type { Selectable } from 'kysely';
import type { ResidentUpdatesTable } from './resident-updates.table';
import { ResidentUpdateNotPending } from '../errors';
import type { ResidentUpdateDecision, ResidentUpdateRecord, ResidentUpdateRepository } from '../repositories/types';

const recordOf = ({ show_name, client_scope, client_update_id, ...row }: Selectable<ResidentUpdatesTable>): ResidentUpdateRecord => ({
  ...row,
  show_name: show_name === 1,
  client: client_scope !== null && client_update_id !== null ? { scope: client_scope, update_id: client_update_id } : null,
});

/**
 * Publishes or rejects a pending update of the request inside the caller's transaction; throws
 * ResidentUpdateNotPending when it is not (any more) pending, so the whole change rolls back.
 */
export async function decideResidentUpdate(trx: Db, serviceRequestId: string, decision: ResidentUpdateDecision): Promise<void> {
  const result = await trx
    .updateTable('resident_updates')
    .set({ moderation: decision.moderation, moderated_at: decision.at, moderated_by: decision.by })
    .where('id', '=', decision.id)
    .where('service_request_id', '=', serviceRequestId)
    .where('moderation', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ResidentUpdateNotPending(decision.id);
}

export function createResidentUpdateRepository(engine: Engine): ResidentUpdateRepository {
  const { db } = engine;
  return {
    async create({ client, ...update }, receipt) {
      return engine.write(async (trx) => {
        const inserted = await trx
          .insertInto('resident_updates')
          .values({
            ...update,
            show_name: update.show_name ? 1 : 0,
            client_scope: client?.scope ?? null,
            client_update_id: client?.update_id ?? null,
            moderation: 'pending',
            moderated_at: null,
            moderated_by: null,
          })
          // Only the caller's pair can conflict (the id is new): a repeat that raced the first writes nothing.
          .$if(client != null, (qb) => qb.onConflict((oc) => oc.columns(['client_scope', 'client_update_id']).doNothing()))
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('resident_updates')
            .select('id')
            .where('client_scope', '=', client!.scope)
            .where('client_update_id', '=', client!.update_id)
            .executeTakeFirstOrThrow();
          return first.id;
        }
        if (receipt) await insertOutboxMessage(trx, receipt);
        return inserted.id;
      });
    },
    async find(id) {
      const row = await db.selectFrom('resident_updates').selectAll().where('id', '=', id).executeTakeFirst();
      return row && recordOf(row);
    },
    async findByClient({ scope, update_id }) {
      const row = await db.selectFrom('resident_updates').selectAll().where('client_scope', '=', scope).where('client_update_id', '=', update_id).executeTakeFirst();
      return row && recordOf(row);
    },
    async listPending({ limit, bodyIds }) {
      if (bodyIds?.length === 0) return [];
      const rows = await db
        .selectFrom('resident_updates')
        .selectAll()
        .where('moderation', '=', 'pending')
        // Scoped by the request's body as it is now (a moderator may have moved the request since).
        .$if(bodyIds !== undefined, (qb) =>
          qb.where('service_request_id', 'in', (eb) => eb.selectFrom('service_requests').select('service_request_id').where('body_id', 'in', bodyIds!)),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(recordOf);
    },
  };
}

/** Changes spanning repositories, written once: each repository's write helper takes the one transaction. */
import type { Engine } from './engine';
import { addHistory, notifySubscribers } from './follow';
import { insertAuditEntry } from './moderation';
import { insertOutboxMessage } from './outbox';
import { decodeDetailedStatus, encodeRequestChanges } from '../request-rows';
import type { AppliedChange, ModerationSnapshot, UnitOfWork } from '../repositories/types';

const snapshotColumns = [
  'service_request_id', 'service_code', 'title', 'description', 'moderation', 'status', 'detailed_status', 'status_notes',
  'email', 'locale', 'external_media_url', 'requested_at', 'updated_at',
] as const;

export function createUnitOfWork(engine: Engine): UnitOfWork {
  return {
    changeRequest(serviceRequestId, plan) {
      // The request stays locked from the read on, so the plan sees what it changes and a
      // concurrent change of the same request waits for this one: SQLite's write transaction
      // (BEGIN IMMEDIATE, and one caller at a time on the connection), PostgreSQL's FOR UPDATE.
      // A plan that throws rolls the transaction back and its error is rethrown.
      return engine.write(async (trx): Promise<AppliedChange | undefined> => {
        const row = await trx
          .selectFrom('service_requests')
          .select(snapshotColumns)
          .where('service_request_id', '=', serviceRequestId)
          .$if(engine.kind === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!row) return undefined;
        const media = await trx
          .selectFrom('request_media')
          .select(['position', 'file_name', 'content_type', 'byte_size'])
          .where('service_request_id', '=', serviceRequestId)
          .orderBy('position')
          .execute();
        const current: ModerationSnapshot = { ...row, detailed_status: decodeDetailedStatus(row.detailed_status), media };
        const change = plan(current);
        if (!change) return { notificationQueued: false };

        const values = encodeRequestChanges(change.set);
        if (Object.keys(values).length > 0) {
          await trx.updateTable('service_requests').set(values).where('service_request_id', '=', serviceRequestId).execute();
        }
        let removedMediaFile: string | undefined;
        if (change.removeMediaPosition !== undefined) {
          removedMediaFile = media.find((item) => item.position === change.removeMediaPosition)?.file_name;
          await trx.deleteFrom('request_media').where('service_request_id', '=', serviceRequestId).where('position', '=', change.removeMediaPosition).execute();
        }
        await insertAuditEntry(trx, { ...change.audit, service_request_id: serviceRequestId });
        if (change.history) await addHistory(trx, serviceRequestId, change.history);
        if (change.notification) await insertOutboxMessage(trx, change.notification);
        const fannedOut = change.notify ? await notifySubscribers(trx, serviceRequestId, change.notify) : 0;
        return { removedMediaFile, notificationQueued: change.notification !== undefined || fannedOut > 0 };
      });
    },
  };
}

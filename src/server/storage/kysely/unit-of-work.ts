/** Changes spanning repositories, written once: each repository's write helper takes the one transaction. */
import type { Db, Engine } from './engine';
import { insertSeenUpdate, queueCaseSystemUpdate } from './case-system-updates';
import { addHistory, moveSubscribers, notifySubscribers } from './follow';
import { endForward, queueForward, recordRemoteUpdate } from './forwards';
import { insertAuditEntry } from './moderation';
import { insertOutboxMessage } from './outbox';
import { decideResidentUpdate } from './resident-updates';
import { recordAnswer, recordClose } from './questionnaires';
import { statusOfDetailedStatus } from '../../../shared/georeport/detailed-status';
import { isRejectReason } from '../../../shared/moderation/reject-reasons';
import { decodeDetailedStatus, encodeRequestChanges } from '../request-rows';
import type { AppliedChange, ModerationSnapshot, UnitOfWork } from '../repositories/types';

const snapshotColumns = [
  'service_request_id', 'service_code', 'title', 'description', 'moderation', 'status', 'detailed_status', 'status_notes',
  'email', 'locale', 'external_media_url', 'requested_at', 'updated_at', 'lat', 'long', 'duplicate_of',
  'body_id', 'reject_reason', 'reject_where',
] as const;

/** The requests as plans see them, each row locked (PostgreSQL: in id order, so two changes never wait on each other in a cycle). */
async function readSnapshots(engine: Engine, trx: Db, ids: readonly string[]): Promise<Map<string, ModerationSnapshot>> {
  const rows = await trx
    .selectFrom('service_requests')
    .select(snapshotColumns)
    .where('service_request_id', 'in', ids)
    .orderBy('service_request_id')
    .$if(engine.kind === 'postgres', (qb) => qb.forUpdate())
    .execute();
  const media = await trx
    .selectFrom('request_media')
    .select(['service_request_id', 'position', 'file_name', 'content_type', 'byte_size'])
    .where('service_request_id', 'in', ids)
    .orderBy('position')
    .execute();
  return new Map(
    rows.map((row) => [
      row.service_request_id,
      {
        ...row,
        detailed_status: decodeDetailedStatus(row.detailed_status),
        reject_reason: isRejectReason(row.reject_reason) ? row.reject_reason : null,
        media: media.filter((item) => item.service_request_id === row.service_request_id).map(({ service_request_id: _, ...item }) => item),
      },
    ]),
  );
}

export function createUnitOfWork(engine: Engine): UnitOfWork {
  return {
    changeRequest(serviceRequestId, plan, relatedId) {
      // The requests stay locked from the read on, so the plan sees what it changes and a
      // concurrent change of the same request waits for this one: SQLite's write transaction
      // (BEGIN IMMEDIATE, and one caller at a time on the connection), PostgreSQL's FOR UPDATE.
      // A plan that throws rolls the transaction back and its error is rethrown.
      return engine.write(async (trx): Promise<AppliedChange | undefined> => {
        const snapshots = await readSnapshots(engine, trx, relatedId === undefined ? [serviceRequestId] : [serviceRequestId, relatedId]);
        const current = snapshots.get(serviceRequestId);
        if (!current) return undefined;
        const related = relatedId === undefined ? undefined : snapshots.get(relatedId);
        const change = plan(current, related);
        if (!change) return { notificationQueued: false };

        const values = encodeRequestChanges(change.set);
        if (change.set.lat !== undefined || change.set.long !== undefined) {
          Object.assign(values, engine.requestLocationColumns({ lat: change.set.lat ?? current.lat, long: change.set.long ?? current.long }));
        }
        if (Object.keys(values).length > 0) {
          await trx.updateTable('service_requests').set(values).where('service_request_id', '=', serviceRequestId).execute();
        }
        let removedMediaFile: string | undefined;
        if (change.removeMediaPosition !== undefined) {
          removedMediaFile = current.media.find((item) => item.position === change.removeMediaPosition)?.file_name;
          await trx.deleteFrom('request_media').where('service_request_id', '=', serviceRequestId).where('position', '=', change.removeMediaPosition).execute();
        }
        let moved = 0;
        if (change.mergeInto && related) {
          moved = await moveSubscribers(trx, serviceRequestId, related.service_request_id, change.mergeInto.message, change.audit.at);
          const mergeAudit = change.mergeInto.audit;
          await insertAuditEntry(trx, { ...mergeAudit, details: { ...mergeAudit.details, subscribers_moved: moved }, service_request_id: related.service_request_id });
        }
        const audit = change.mergeInto ? { ...change.audit, details: { ...change.audit.details, subscribers_moved: moved } } : change.audit;
        await insertAuditEntry(trx, { ...audit, service_request_id: serviceRequestId });
        if (change.residentUpdate) await decideResidentUpdate(trx, serviceRequestId, change.residentUpdate);
        if (change.history) await addHistory(trx, serviceRequestId, change.history);
        if (change.notification) await insertOutboxMessage(trx, change.notification);
        if (change.forward) await queueForward(trx, serviceRequestId, change.forward, change.audit.at);
        if (change.forwarded) await endForward(trx, serviceRequestId, change.audit.at, change.forwarded.remote_id);
        if (change.remoteUpdatedAt !== undefined) await recordRemoteUpdate(trx, serviceRequestId, change.remoteUpdatedAt);
        if (change.seenUpdate) await insertSeenUpdate(trx, { ...change.seenUpdate, service_request_id: serviceRequestId }, change.audit.at);
        if (change.caseSystemUpdate) await queueCaseSystemUpdate(trx, serviceRequestId, change.caseSystemUpdate, change.audit.at);
        // The questionnaire counts from each close, whoever closes it (a moderator, a case system).
        if (change.set.detailed_status && current.status === 'open' && statusOfDetailedStatus(change.set.detailed_status) === 'closed') {
          await recordClose(trx, serviceRequestId, change.audit.at);
        }
        if (change.questionnaireAnswer) await recordAnswer(trx, { id: change.questionnaireAnswer.id, service_request_id: serviceRequestId }, change.questionnaireAnswer.answer, change.audit.at);
        const fannedOut = change.notify ? await notifySubscribers(trx, serviceRequestId, change.notify, change.notifyExcept) : 0;
        return { removedMediaFile, notificationQueued: change.notification !== undefined || fannedOut > 0 || moved > 0 };
      });
    },
  };
}

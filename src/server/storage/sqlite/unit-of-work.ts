import type { SqliteDatabase } from './database';
import { prepareFollowWrites } from './follow';
import { prepareOutboxInsert } from './outbox';
import { decodeDetailedStatus, encodeRequestChanges } from '../request-rows';
import type { ChangePlan, ModerationSnapshot, StoredMedia, UnitOfWork } from '../repositories/types';

type SnapshotRow = Omit<ModerationSnapshot, 'detailed_status' | 'media'> & { detailed_status: string };

export function createSqliteUnitOfWork(db: SqliteDatabase): UnitOfWork {
  const selectSnapshot = db.prepare(
    `SELECT service_request_id, service_code, title, description, moderation, status, detailed_status, status_notes,
            email, locale, external_media_url, requested_at, updated_at
     FROM service_requests WHERE service_request_id = ?`,
  );
  const selectMedia = db.prepare(
    'SELECT position, file_name, content_type, byte_size FROM request_media WHERE service_request_id = ? ORDER BY position',
  );
  const deleteMedia = db.prepare('DELETE FROM request_media WHERE service_request_id = ? AND position = ?');
  const insertAudit = db.prepare(
    `INSERT INTO audit_log (at, moderator, action, service_request_id, details_json)
     VALUES (@at, @moderator, @action, @service_request_id, @details_json)`,
  );
  const insertOutbox = prepareOutboxInsert(db);
  const follow = prepareFollowWrites(db);

  const changeRequest = db.transaction((serviceRequestId: string, plan: ChangePlan) => {
    const row = selectSnapshot.get(serviceRequestId) as SnapshotRow | undefined;
    if (!row) return undefined;
    const current: ModerationSnapshot = {
      ...row,
      detailed_status: decodeDetailedStatus(row.detailed_status),
      media: selectMedia.all(serviceRequestId) as StoredMedia[],
    };
    const change = plan(current);
    if (!change) return { notificationQueued: false };

    const values = encodeRequestChanges(change.set);
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
    insertAudit.run({ ...change.audit, service_request_id: serviceRequestId, details_json: JSON.stringify(change.audit.details) });
    if (change.history) follow.addHistory(serviceRequestId, change.history);
    if (change.notification) insertOutbox(change.notification);
    const fannedOut = change.notify ? follow.notifySubscribers(serviceRequestId, change.notify) : 0;
    return { removedMediaFile, notificationQueued: change.notification !== undefined || fannedOut > 0 };
  });

  return {
    async changeRequest(serviceRequestId, plan) {
      // IMMEDIATE: the write lock is held from the read on, so the plan sees what it changes.
      return changeRequest.immediate(serviceRequestId, plan);
    },
  };
}

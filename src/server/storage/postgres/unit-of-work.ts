import type { PostgresDatabase } from './database';
import { addHistory, notifySubscribers } from './follow';
import { insertAuditEntry } from './moderation';
import { insertOutboxMessage } from './outbox';
import { decodeDetailedStatus, encodeRequestChanges } from '../request-rows';
import type { AppliedChange, ChangePlan, ModerationSnapshot, StoredMedia, UnitOfWork } from '../repositories/types';

type SnapshotRow = Omit<ModerationSnapshot, 'detailed_status' | 'media'> & { detailed_status: string };

export function createPostgresUnitOfWork(db: PostgresDatabase): UnitOfWork {
  return {
    async changeRequest(serviceRequestId, plan: ChangePlan) {
      // A plan that throws rejects the work, which rolls the transaction back and rethrows the same error.
      return db.transaction(async (client): Promise<AppliedChange | undefined> => {
        // FOR UPDATE: the row stays locked from the read on, so the plan sees what it changes and
        // a concurrent change of the same request waits for this one.
        const [row] = await client.query<SnapshotRow>(
          `SELECT service_request_id, service_code, title, description, moderation, status, detailed_status, status_notes,
                  email, locale, external_media_url, requested_at, updated_at
           FROM service_requests WHERE service_request_id = $1 FOR UPDATE`,
          [serviceRequestId],
        );
        if (!row) return undefined;
        const current: ModerationSnapshot = {
          ...row,
          detailed_status: decodeDetailedStatus(row.detailed_status),
          media: await client.query<StoredMedia>(
            'SELECT position, file_name, content_type, byte_size FROM request_media WHERE service_request_id = $1 ORDER BY position',
            [serviceRequestId],
          ),
        };
        const change = plan(current);
        if (!change) return { notificationQueued: false };

        const values = encodeRequestChanges(change.set);
        // Column names come from encodeRequestChanges' fixed list, never from input.
        const columns = Object.keys(values);
        if (columns.length > 0) {
          await client.query(
            `UPDATE service_requests SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')}
             WHERE service_request_id = $1`,
            [serviceRequestId, ...Object.values(values)],
          );
        }
        let removedMediaFile: string | undefined;
        if (change.removeMediaPosition !== undefined) {
          removedMediaFile = current.media.find((media) => media.position === change.removeMediaPosition)?.file_name;
          await client.query('DELETE FROM request_media WHERE service_request_id = $1 AND position = $2', [
            serviceRequestId,
            change.removeMediaPosition,
          ]);
        }
        await insertAuditEntry(client, { ...change.audit, service_request_id: serviceRequestId });
        if (change.history) await addHistory(client, serviceRequestId, change.history);
        if (change.notification) await insertOutboxMessage(client, change.notification);
        const fannedOut = change.notify ? await notifySubscribers(client, serviceRequestId, change.notify) : 0;
        return { removedMediaFile, notificationQueued: change.notification !== undefined || fannedOut > 0 };
      });
    },
  };
}

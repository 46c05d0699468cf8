/** Requests and their photos' rows (service-requests.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { ServiceRequestRow } from '../request-rows';

/** A request as request-rows.ts encodes it; `revision` is moved by triggers (listing-schema). */
export interface ServiceRequestsTable extends Omit<ServiceRequestRow, 'duplicate_of' | 'body_id' | 'reject_reason' | 'reject_where'> {
  revision: Generated<number>;
  /** Absent from an insert: only a moderator marks a duplicate. */
  duplicate_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** Absent from an insert: only a moderator rejects (0024). */
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reject_where: ColumnType<string | null, string | null | undefined, string | null>;
  /** The body the request was assigned to; null with no bodies configured. */
  body_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The API key that created it; read only by the listing's filter, never presented. */
  api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RequestMediaTable {
  service_request_id: string;
  position: number;
  file_name: string;
  content_type: string;
  byte_size: number;
}

export interface ServiceRequestTables {
  service_requests: ServiceRequestsTable;
  request_media: RequestMediaTable;
}

/** Residents' updates on requests (resident-updates.ts). */
import type { ColumnType } from 'kysely';
import type { ResidentUpdateRecord } from '../repositories/resident-updates';

type NullableKey = ColumnType<string | null, string | null | undefined, string | null>;

/** A resident's update; show_name is 0/1 on both engines; the posting system's pair as two columns (0020). */
export interface ResidentUpdatesTable extends Omit<ResidentUpdateRecord, 'show_name' | 'client'> {
  show_name: number;
  client_scope: NullableKey;
  client_update_id: NullableKey;
}

export interface ResidentUpdateTables {
  resident_updates: ResidentUpdatesTable;
}

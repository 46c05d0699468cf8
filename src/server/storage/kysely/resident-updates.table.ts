/** Residents' updates on requests (resident-updates.ts). */
import type { ResidentUpdateRecord } from '../repositories/resident-updates';

/** A resident's update; show_name is 0/1 on both engines. */
export interface ResidentUpdatesTable extends Omit<ResidentUpdateRecord, 'show_name'> {
  show_name: number;
}

export interface ResidentUpdateTables {
  resident_updates: ResidentUpdatesTable;
}

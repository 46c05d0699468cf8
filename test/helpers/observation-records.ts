import type { ObservationRecord } from '../../src/server/storage/repositories/types';

/** One hourly count of bicycles going in at counter 7 from EcoCounter, with what a test sets. */
export function bicycleCount(fields: Pick<ObservationRecord, 'datetime' | 'value'> & Partial<ObservationRecord>): ObservationRecord {
  return {
    counterId: 7,
    measurementType: 'count',
    direction: 'in',
    vehicleType: 'bicycle',
    unit: 'pcs',
    phenomenonDurationSeconds: 3600,
    source: 'EcoCounter',
    ...fields,
  };
}

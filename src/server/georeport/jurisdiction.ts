import type { Config } from '../config';
import { notFound } from './errors';
import { textParam, type RawQuery } from './query-params';

/** One jurisdiction per server: jurisdiction_id is optional, and any other value is unknown. */
export function checkJurisdiction(params: RawQuery, config: Config): void {
  const jurisdiction = textParam(params, 'jurisdiction_id');
  if (jurisdiction !== undefined && jurisdiction !== config.JURISDICTION_ID) {
    throw notFound(`jurisdiction_id ${jurisdiction} not found; this server serves ${config.JURISDICTION_ID}`);
  }
}

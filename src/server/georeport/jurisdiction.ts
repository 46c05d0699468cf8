/** The jurisdiction_id parameter every GeoReport endpoint accepts. */
import type { Config } from '../config';
import { textParam, type RawQuery } from '../http/query-params';
import { notFound } from '../open311/errors';

/** One jurisdiction per server: jurisdiction_id is optional, and any other value is unknown. */
export function checkJurisdiction(params: RawQuery, config: Config): void {
  const jurisdiction = textParam(params, 'jurisdiction_id');
  if (jurisdiction !== undefined && jurisdiction !== config.JURISDICTION_ID) {
    throw notFound(`jurisdiction_id ${jurisdiction} not found; this server serves ${config.JURISDICTION_ID}`);
  }
}

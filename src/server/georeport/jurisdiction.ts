/** The jurisdiction_id parameter every GeoReport endpoint accepts. */
import type { Config } from '../config';
import { textParam, type RawQuery } from '../http/query-params';
import { notFound } from '../open311/errors';

/** What is wrong with the jurisdiction_id sent, if anything: one jurisdiction per server, the parameter optional. */
export function jurisdictionProblem(sent: string | undefined, served: string): string | undefined {
  return sent === undefined || sent === served ? undefined : `jurisdiction_id ${sent} not found; this server serves ${served}`;
}

/** One jurisdiction per server: jurisdiction_id is optional, and any other value is unknown. */
export function checkJurisdiction(params: RawQuery, config: Config): void {
  const problem = jurisdictionProblem(textParam(params, 'jurisdiction_id'), config.JURISDICTION_ID);
  if (problem) throw notFound(problem);
}

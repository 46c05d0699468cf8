/**
 * The jurisdiction_id parameter every GeoReport method accepts. Absent, or the installation's own
 * (`JURISDICTION_ID`), it names the whole installation; a body's names that body, whose service
 * list and requests the answer is then limited to; anything else is a 404 naming it. With no
 * bodies stored, only the installation's own is known, as before bodies existed.
 *
 * The bodies are known from the bodies repository's copy, which comes with the change token it is
 * as of; the map by jurisdiction_id is made again only when that token moves. So checking a
 * jurisdiction costs one read of the bodies' version, and nothing at all when none is sent.
 */
import { notFound } from '../open311/errors';
import type { BodyRecord, BodyRepository } from '../storage/repositories/bodies';
import { createVersionedCopy } from '../storage/versioned-copy';

/** The bodies as of one change token, by jurisdiction_id. */
export interface JurisdictionSnapshot {
  token: string;
  bodies: ReadonlyMap<string, BodyRecord>;
}

/** What a jurisdiction_id named: a body, or (no body) the whole installation; `token` is the snapshot's it was read from. */
export interface JurisdictionScope {
  body?: BodyRecord;
  token?: string;
}

export interface Jurisdictions {
  /** The installation's own jurisdiction_id (`JURISDICTION_ID`). */
  readonly served: string;
  /** The bodies as of now: their change token read, the bodies themselves only when it moved. */
  snapshot(): Promise<JurisdictionSnapshot>;
  /** What `sent` names, or a 404 GeoReport error naming it; absent (or blank) is the whole installation without reading anything. */
  resolve(sent: string | undefined): Promise<JurisdictionScope>;
}

/** Whether a request is among those a jurisdiction_id names: any, or its body's. */
export const inJurisdiction = (record: { body_id: string | null }, scope: JurisdictionScope) => !scope.body || record.body_id === scope.body.id;

/** More than this many and the 404 points at discovery instead of naming them all. */
const namedInProblem = 8;

/** What is wrong with the jurisdiction_id sent, if anything. */
export function jurisdictionProblem(sent: string, served: string, snapshot: JurisdictionSnapshot): string | undefined {
  if (sent === served || snapshot.bodies.has(sent)) return undefined;
  const known = [served, ...[...snapshot.bodies.keys()].sort()];
  const listed = known.length > namedInProblem ? `${known.length} jurisdictions, listed in discovery.json` : known.join(', ');
  return `jurisdiction_id ${sent} not found; this server serves ${listed}`;
}

export function createJurisdictions(bodies: Pick<BodyRepository, 'snapshot'>, served: string): Jurisdictions {
  const byJurisdiction = createVersionedCopy<JurisdictionSnapshot>();

  const snapshot = async (): Promise<JurisdictionSnapshot> => {
    // The bodies and their token from one version read, not a token read and then a list that reads it again.
    const { token, bodies: list } = await bodies.snapshot();
    return byJurisdiction.at(token, async () => ({ token, bodies: new Map(list.map((body) => [body.jurisdiction_id, body])) }));
  };

  return {
    served,
    snapshot,
    async resolve(sent) {
      const wanted = sent?.trim();
      if (!wanted) return {};
      const known = await snapshot();
      const problem = jurisdictionProblem(wanted, served, known);
      if (problem) throw notFound(problem);
      // A body named like the installation is the body: it was configured on purpose.
      return { body: known.bodies.get(wanted), token: known.token };
    },
  };
}

/**
 * The demo region: Helsinki, Espoo, Vantaa and Kauniainen as four bodies with approximate areas,
 * read from capital-region-bodies.geojson (also the README's example of a bodies file) through
 * the same parser as `admin bodies import`. The server build copies the file next to this module.
 */
import { readFileSync } from 'node:fs';
import { parseBodyFile } from '../bodies/body-file';
import type { BodyRecord } from '../storage/repositories/bodies';
import { demoServiceTypes } from './service-types';

export const demoBodiesFile = new URL('./capital-region-bodies.geojson', import.meta.url);

/** The municipality code (counters' `municipalityCode`) of each demo body. */
export const demoBodyMunicipalities: Readonly<Record<string, string>> = { helsinki: '091', espoo: '049', vantaa: '092', kauniainen: '235' };

/** The demo bodies, checked against the demo service types; a bad demo file is a bug, so it throws. */
export function demoBodies(): BodyRecord[] {
  const { bodies, problems } = parseBodyFile('capital-region-bodies.geojson', readFileSync(demoBodiesFile, 'utf8'), {
    serviceCodes: new Set(demoServiceTypes.map((type) => type.service_code)),
    storedBodies: [],
  });
  if (problems.length > 0) throw new Error(`The demo bodies file is invalid:\n${problems.join('\n')}`);
  return bodies;
}

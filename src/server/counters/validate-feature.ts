import { parseOffsetTimestamp } from './time';
import type { CounterRecord } from '../storage/repositories/types';

/** What an import accepts as one counter: a Feature in the wire shape of the spec. */
export type FeatureCheck = { ok: true; record: CounterRecord } | { ok: false; id: unknown; problems: string[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const isCounterId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** Checks one Feature and turns it into a record, listing every problem at once. */
export function checkFeature(feature: unknown): FeatureCheck {
  if (!isObject(feature)) return { ok: false, id: undefined, problems: ['is not a JSON object'] };
  const problems: string[] = [];
  const properties = isObject(feature.properties) ? feature.properties : undefined;
  const id = feature.id ?? properties?.id;

  if (feature.type !== 'Feature') problems.push(`type must be "Feature", got ${show(feature.type)}`);
  if (!isCounterId(id)) problems.push(`id must be a positive integer, got ${show(id)}`);
  if (feature.id !== undefined && properties?.id !== undefined && feature.id !== properties.id) {
    problems.push(`id ${show(feature.id)} and properties.id ${show(properties.id)} differ`);
  }

  const coordinates = checkPoint(feature.geometry, problems);
  if (!properties) {
    problems.push('properties must be an object');
    return { ok: false, id, problems };
  }

  const name = properties.name;
  if (typeof name !== 'string' || name.length > 500) problems.push(`properties.name must be a string of at most 500 characters, got ${show(name)}`);
  const source = properties.source;
  if (typeof source !== 'string' || source.trim() === '' || source.length > 100) {
    problems.push(`properties.source must be a non-empty string of at most 100 characters, got ${show(source)}`);
  }
  const sourceId = properties.sourceId ?? null;
  if (sourceId !== null && !(typeof sourceId === 'number' && Number.isSafeInteger(sourceId))) {
    problems.push(`properties.sourceId must be an integer or null, got ${show(sourceId)}`);
  }
  for (const key of ['classifying', 'dataReceived'] as const) {
    if (typeof properties[key] !== 'boolean') problems.push(`properties.${key} must be true or false, got ${show(properties[key])}`);
  }
  const crsEpsg = properties.crsEpsg ?? 4326;
  if (crsEpsg !== 4326) problems.push(`properties.crsEpsg must be 4326 (longitude/latitude in WGS 84), got ${show(crsEpsg)}`);
  const municipalityCode = checkMunicipalityCode(properties.municipalityCode, problems);
  const first = checkTimestamp(properties, 'firstStoredObservation', problems);
  const last = checkTimestamp(properties, 'lastStoredObservation', problems);

  if (problems.length > 0 || !coordinates) return { ok: false, id, problems };
  return {
    ok: true,
    record: {
      id: id as number,
      name: name as string,
      source: source as string,
      sourceId: sourceId as number | null,
      classifying: properties.classifying as boolean,
      crsEpsg: 4326,
      municipalityCode: municipalityCode!,
      dataReceived: properties.dataReceived as boolean,
      firstStoredObservation: first ?? null,
      lastStoredObservation: last ?? null,
      longitude: coordinates[0],
      latitude: coordinates[1],
    },
  };
}

function checkPoint(geometry: unknown, problems: string[]): [number, number] | undefined {
  if (!isObject(geometry) || geometry.type !== 'Point') {
    problems.push('geometry must be a GeoJSON Point');
    return undefined;
  }
  const coordinates = geometry.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length !== 2 || !coordinates.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    problems.push(`geometry.coordinates must be [longitude, latitude], got ${show(coordinates)}`);
    return undefined;
  }
  const [longitude, latitude] = coordinates as [number, number];
  if (longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90) {
    problems.push(`geometry.coordinates ${show(coordinates)} are out of range (longitude first, then latitude)`);
    return undefined;
  }
  return [longitude, latitude];
}

/**
 * The code as stored: three digits. Also taken as the real service writes it, "0" before the
 * number it keeps ("091", and "0235" for Kauniainen, "05" for a one-digit code), and as a number.
 */
function checkMunicipalityCode(value: unknown, problems: string[]): string | undefined {
  if (typeof value === 'string' && /^\d{1,20}$/.test(value) && Number(value) <= 999) return value.slice(-3).padStart(3, '0');
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 999) return String(value).padStart(3, '0');
  problems.push(`properties.municipalityCode must be a three-digit code such as "091" (or "0235", as the real service writes 235), got ${show(value)}`);
  return undefined;
}

function checkTimestamp(properties: Record<string, unknown>, key: string, problems: string[]): number | null | undefined {
  const value = properties[key];
  if (value === undefined || value === null) return null;
  const parsed = typeof value === 'string' ? parseOffsetTimestamp(value) : undefined;
  if (parsed === undefined) {
    problems.push(`properties.${key} must be null or an ISO 8601 timestamp with Z or a UTC offset, got ${show(value)}`);
  }
  return parsed;
}

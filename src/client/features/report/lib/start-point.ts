import type { LatLong } from './place';

// Dot decimals only, as a link writes them: "60.1234", "-0.5"; no exponents, commas or spaces.
const decimal = /^-?\d{1,3}(\.\d{1,10})?$/;

function degrees(text: string | null, limit: number): number | undefined {
  if (text === null || !decimal.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : undefined;
}

/**
 * The pin a link starts the report with (`/report?lat=60.1699&lon=24.9384`, from "Report a
 * problem here" on the map), or none: a missing, malformed or impossible number is ignored.
 */
export function startPointFrom(params: URLSearchParams): LatLong | undefined {
  const lat = degrees(params.get('lat'), 90);
  const long = degrees(params.get('lon'), 180);
  return lat !== undefined && long !== undefined ? { lat, long } : undefined;
}

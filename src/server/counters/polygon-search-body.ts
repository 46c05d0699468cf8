/**
 * The polygon search's body (POST /api/counters/), read as the real view reads it: the text as
 * DRF's JSONParser reads it (a JSON parse error is DRF's 400), then the GeoJSON area; its own
 * refusals, `{"error": "Missing GeoJSON polygon in the body."}` and `{"error": "Invalid GeoJSON
 * data: …"}`, are the view's, not DRF's error format.
 */
import { z } from 'zod';
import { DrfError } from '../drf/errors';
import { addRaised, documentedAs } from '../http/route-validation';
import type { PolygonArea } from '../storage/repositories/types';
import { AreaError, readGeoJsonArea } from './geojson-area';

/** The media types DRF's JSONParser (and the real view's GeoJSON one) takes. */
export const polygonSearchMediaTypes = new Set(['application/json', 'application/geo+json']);

/** A refusal the real view answers itself: `{"error": …}` in JSON (400), whatever format was asked for. */
export class PolygonSearchRefusal extends Error {
  readonly body: { error: string };

  constructor(error: string) {
    super(error);
    this.body = { error };
  }
}

/** The body as the route has it: its text, '' when none was sent. */
export const bodyTextOf = (body: unknown) => (typeof body === 'string' ? body : '');

/** What DRF treats as no data: an empty body, or JSON that Python finds falsy ({}, [], null, 0, ""). */
const isEmptyData = (value: unknown) =>
  value === null || value === false || value === 0 || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);

function readArea(text: string): PolygonArea {
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new DrfError(400, `JSON parse error - ${(error as Error).message}`);
  }
  if (body === undefined || isEmptyData(body)) throw new PolygonSearchRefusal('Missing GeoJSON polygon in the body.');
  try {
    return readGeoJsonArea(body);
  } catch (error) {
    if (error instanceof AreaError) throw new PolygonSearchRefusal(`Invalid GeoJSON data: ${error.message}`);
    throw error;
  }
}

/**
 * The body's schema: documented as `documented` (the geometry), it reads the text sent into the
 * area the route searches, and refuses with the error the reading raised (drf/route-input.ts).
 */
export function polygonSearchBody(documented: z.ZodType) {
  return documentedAs(documented).transform((body, ctx) => {
    try {
      return readArea(bodyTextOf(body));
    } catch (error) {
      if (!(error instanceof DrfError || error instanceof PolygonSearchRefusal)) throw error;
      addRaised(ctx, error);
      return z.NEVER;
    }
  });
}

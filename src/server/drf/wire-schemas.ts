/** Schemas of the DRF wire shared by every DRF route, for the OpenAPI document. */
import { z } from 'zod';

/** DRF's error bodies: `{"detail": "…"}`, or messages keyed by field. */
export const drfErrorSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe("DRF's error body");

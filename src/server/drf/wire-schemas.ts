/** Schemas of the DRF wire shared by every DRF route, for the OpenAPI document. */
import { z } from 'zod';

/** DRF's error bodies: `{"detail": "…"}`, or messages keyed by field. */
export const drfErrorSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe("DRF's error body");

/** An answer in each of DRF's renderers: the JSON described by `schema`, the browsable page, CSV. */
export const drfRenderings = (description: string, schema: z.ZodType) => ({
  description,
  content: {
    'application/json': { schema },
    'text/html': { schema: z.string().describe("DRF's browsable page") },
    'text/csv': { schema: z.string().describe('CSV, one row per result') },
  },
});

/** DRF's errors for `codes`, each `{"detail"}` or messages by field. */
export const drfErrors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `DRF error (${code})`, content: { 'application/json': { schema: drfErrorSchema } } }]));

/** OPTIONS on a DRF view: its metadata, or a CORS preflight's answer. */
export const drfOptionsSchema = (tags: string[]) => ({
  tags,
  summary: "DRF's metadata, or a CORS preflight answer",
  response: { 200: { description: 'DRF metadata', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
});

/**
 * GeoReport JSON: the document's body without the XML root wrapper. `jsonBody` is that body as a
 * plain JSON value; the serializer writes exactly it, and the moderation preview shows exactly
 * it, so the two cannot differ.
 */
import type { DocumentObject, DocumentValue, GeoReportDocument, ListDocument } from '../document';

export const jsonContentType = 'application/json; charset=utf-8';

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

/** Fields left `undefined` are left out, as in XML; numbers JSON cannot write become null, as JSON.stringify makes them. */
function toJson(value: DocumentValue): JsonValue | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => toJson(entry) ?? null);
  return toJsonObject(value);
}

function toJsonObject(object: DocumentObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    const converted = toJson(value);
    if (converted !== undefined) result[key] = converted;
  }
  return result;
}

/** The document as the JSON answer carries it: one object, or an array of them for a list. */
export function jsonBody(document: ListDocument): JsonObject[];
export function jsonBody(document: GeoReportDocument): JsonObject | JsonObject[];
export function jsonBody(document: GeoReportDocument): JsonObject | JsonObject[] {
  return document.item === undefined ? toJsonObject(document.body) : document.body.map((entry) => toJsonObject(entry));
}

/**
 * The items of a list as its JSON answer carries them, keeping their type: the GeoReport wire
 * types hold only strings, booleans, finite numbers and lists and objects of them, so the JSON
 * form of an item differs from it only by the fields left undefined, which the type already lets
 * be absent.
 */
export function jsonItems<Item extends DocumentObject>(document: ListDocument<Item>): Item[] {
  return document.body.map((entry) => toJsonObject(entry) as DocumentObject as Item);
}

export function serializeJson(document: GeoReportDocument): string {
  return JSON.stringify(jsonBody(document));
}

/** One item of a list, exactly as it appears inside the list's JSON array. */
export function serializeJsonItem(item: DocumentObject): string {
  return JSON.stringify(toJsonObject(item));
}

/** JSON.stringify writes an array as its items' text joined by commas inside brackets. */
export const jsonListEnvelope = { open: '[', separator: ',', close: ']' };

/**
 * An attribute's values and its questions by language, in the `values_json` column both backends
 * share. Older rows hold only the values array; a row with translated questions holds
 * `{"values": [...], "descriptions": {"fi": ...}}`. Kept in the existing column so the schema
 * needs no new step.
 */
import type { ServiceAttribute } from './repositories/types';

type AttributeTexts = Pick<ServiceAttribute, 'values' | 'descriptions'>;

export function encodeAttributeTexts(attribute: ServiceAttribute): string {
  if (!attribute.descriptions) return JSON.stringify(attribute.values);
  return JSON.stringify({ values: attribute.values, descriptions: attribute.descriptions });
}

export function decodeAttributeTexts(json: string): AttributeTexts {
  const parsed = JSON.parse(json) as ServiceAttribute['values'] | AttributeTexts;
  if (Array.isArray(parsed)) return { values: parsed };
  return parsed.descriptions ? { values: parsed.values, descriptions: parsed.descriptions } : { values: parsed.values };
}

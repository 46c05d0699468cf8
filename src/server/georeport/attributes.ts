/** A service's attributes (CitySDK `attribute[CODE]` fields) as a request sends them, checked against its definition. */
import { checkAttributeAnswers, type AttributeAnswers } from '../../shared/georeport/attribute-rules';
import type { FormFields } from '../open311/form-reader';
import type { ServiceAttribute } from '../storage/repositories/types';

export type AttributeValues = AttributeAnswers;

const attributeKey = /^attribute\[([^\]]+)\](\[\])?$/;

/**
 * Reads `attribute[CODE]=v` and `attribute[CODE][]=v` fields and checks them with the shared
 * rules (the report form checks with the same); returns the values to store and every problem.
 */
export function readAttributes(fields: FormFields, definitions: ServiceAttribute[]): { values: AttributeValues; problems: string[] } {
  const sent = new Map<string, string[]>();
  for (const [key, value] of Object.entries(fields)) {
    const match = attributeKey.exec(key);
    if (!match) continue;
    const list = Array.isArray(value) ? value : [value];
    sent.set(match[1]!, [...(sent.get(match[1]!) ?? []), ...list.filter((item) => item.trim() !== '')]);
  }
  const { values, problems } = checkAttributeAnswers(definitions, sent);
  return { values, problems: problems.map((problem) => problem.text) };
}

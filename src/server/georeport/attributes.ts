/** A service's attributes (CitySDK `attribute[CODE]` fields) as a request sends them, checked against its definition. */
import type { FormFields } from '../open311/form-reader';
import type { ServiceAttribute } from '../storage/repositories/types';
import { parseW3cDateTime } from '../time/w3c';

export type AttributeValues = Record<string, string | string[]>;

const attributeKey = /^attribute\[([^\]]+)\](\[\])?$/;

/**
 * Reads `attribute[CODE]=v` and `attribute[CODE][]=v` fields and checks them against the service
 * definition; returns the values to store and every problem found.
 */
export function readAttributes(fields: FormFields, definitions: ServiceAttribute[]): { values: AttributeValues; problems: string[] } {
  const sent = new Map<string, string[]>();
  for (const [key, value] of Object.entries(fields)) {
    const match = attributeKey.exec(key);
    if (!match) continue;
    const list = Array.isArray(value) ? value : [value];
    sent.set(match[1]!, [...(sent.get(match[1]!) ?? []), ...list.filter((item) => item.trim() !== '')]);
  }
  const problems: string[] = [];
  const values: AttributeValues = {};
  for (const code of sent.keys()) {
    if (!definitions.some((definition) => definition.code === code)) {
      problems.push(`attribute[${code}] is not an attribute of this service; see its service definition`);
    }
  }
  for (const definition of definitions) {
    if (!definition.variable) continue;
    const name = `attribute[${definition.code}]`;
    const given = sent.get(definition.code) ?? [];
    if (given.length === 0) {
      if (definition.required) problems.push(`${name} is required: ${definition.description}`);
      continue;
    }
    const allowed = definition.values.map((value) => value.key);
    const first = given[0]!;
    switch (definition.datatype) {
      case 'number':
        if (given.length > 1 || !Number.isFinite(Number(first))) problems.push(`${name} must be one number`);
        break;
      case 'datetime':
        if (given.length > 1 || parseW3cDateTime(first) === undefined) problems.push(`${name} must be one W3C datetime`);
        break;
      case 'singlevaluelist':
        if (given.length > 1 || !allowed.includes(first)) problems.push(`${name} must be one of ${allowed.join(', ')}`);
        break;
      case 'multivaluelist': {
        const wrong = given.filter((value) => !allowed.includes(value));
        if (wrong.length > 0) problems.push(`${name} values must be among ${allowed.join(', ')}; got ${wrong.join(', ')}`);
        values[definition.code] = given;
        continue;
      }
      default:
        if (given.length > 1) problems.push(`${name} must be sent once`);
        else if (first.length > 5000) problems.push(`${name} must be at most 5000 characters`);
    }
    values[definition.code] = first;
  }
  return { values, problems };
}

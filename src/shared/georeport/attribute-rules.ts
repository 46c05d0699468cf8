/**
 * The rules for a service's attributes (`attribute[CODE]` answers), checked against its service
 * definition. The GeoReport service (src/server/georeport/attributes.ts) and the report form both
 * call checkAttributeAnswers, so the browser refuses exactly what the service would. Each problem
 * carries a kind (for the form's own languages) and the service's English text.
 */
import { parseW3cDateTime } from '../time/w3c-datetime';
import { plainTextMistake } from './plain-text';

export const attributeDatatypes = ['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist'] as const;
export type AttributeDatatype = (typeof attributeDatatypes)[number];

/** What the rules need of a definition (the stored one and the wire one both fit). */
export interface AttributeRuleDefinition {
  code: string;
  variable: boolean;
  datatype: AttributeDatatype;
  required: boolean;
  description: string;
  values: { key: string; name: string }[];
}

/** The longest string or text answer the service keeps. */
export const attributeTextMaxLength = 5000;

export type AttributeProblemKind = 'unknown' | 'required' | 'number' | 'datetime' | 'choice' | 'choices' | 'once' | 'tooLong' | 'html' | 'control';

export interface AttributeProblem {
  code: string;
  kind: AttributeProblemKind;
  /** The service's English text, as its error record says it. */
  text: string;
}

export type AttributeAnswers = Record<string, string | string[]>;

/**
 * Checks the answers sent (code → every value sent for it; blank values already dropped) and
 * returns the values to keep and every problem: unknown codes, missing required answers, and
 * answers their datatype does not allow.
 */
export function checkAttributeAnswers(
  definitions: readonly AttributeRuleDefinition[],
  sent: ReadonlyMap<string, readonly string[]>,
): { values: AttributeAnswers; problems: AttributeProblem[] } {
  const problems: AttributeProblem[] = [];
  const values: AttributeAnswers = {};
  for (const code of sent.keys()) {
    if (!definitions.some((definition) => definition.code === code)) {
      problems.push({ code, kind: 'unknown', text: `attribute[${code}] is not an attribute of this service; see its service definition` });
    }
  }
  for (const definition of definitions) {
    if (!definition.variable) continue;
    const { code } = definition;
    const name = `attribute[${code}]`;
    const given = sent.get(code) ?? [];
    const problem = (kind: AttributeProblemKind, text: string) => problems.push({ code, kind, text });
    if (given.length === 0) {
      if (definition.required) problem('required', `${name} is required: ${definition.description}`);
      continue;
    }
    const allowed = definition.values.map((value) => value.key);
    const first = given[0]!;
    switch (definition.datatype) {
      case 'number':
        if (given.length > 1 || !Number.isFinite(Number(first))) problem('number', `${name} must be one number`);
        break;
      case 'datetime':
        if (given.length > 1 || parseW3cDateTime(first) === undefined) problem('datetime', `${name} must be one W3C datetime`);
        break;
      case 'singlevaluelist':
        if (given.length > 1 || !allowed.includes(first)) problem('choice', `${name} must be one of ${allowed.join(', ')}`);
        break;
      case 'multivaluelist': {
        const wrong = given.filter((value) => !allowed.includes(value));
        if (wrong.length > 0) problem('choices', `${name} values must be among ${allowed.join(', ')}; got ${wrong.join(', ')}`);
        values[code] = [...given];
        continue;
      }
      default:
        if (given.length > 1) problem('once', `${name} must be sent once`);
        else if (first.length > attributeTextMaxLength) problem('tooLong', `${name} must be at most ${attributeTextMaxLength} characters`);
        // The plain-text rule every resident text follows (a title or description would be refused the same).
        else if (plainTextMistake(first) === 'html') problem('html', `${name} must not contain HTML tags or code; write plain text`);
        else if (plainTextMistake(first) === 'control') problem('control', `${name} must not contain control characters`);
    }
    values[code] = first;
  }
  return { values, problems };
}

import type { ErrorTarget } from './report-form-values';
import { errorTargetOf } from './report-form-values';

/**
 * What a validation message says, worked out from the shared schema's English text (the
 * browser's own check) or the API's error description (the same schema, run by the server):
 * both start with the field name and use the same phrases, so one reader serves both.
 */
export type ValidationRule =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'html'
  | 'control'
  | 'invalid'
  | 'notInRegistry'
  | 'unknownType'
  | 'tooManyPhotos'
  | 'photoRejected';

export interface ClassifiedMessage {
  target: ErrorTarget | undefined;
  rule: ValidationRule | undefined;
  /** The number in "at least 10" / "at most 5000" / "at most 5 photos". */
  limit?: number;
  /** The text as received, shown when no translation fits. */
  original: string;
}

const rules: { pattern: RegExp; rule: ValidationRule; field?: string }[] = [
  { pattern: /^a location is required/, rule: 'required', field: 'lat' },
  { pattern: /^lat and long must be sent together/, rule: 'required', field: 'lat' },
  { pattern: /is required when service_object_id/, rule: 'invalid', field: 'service_object_id' },
  { pattern: /^too many media\[\] files: at most (\d+)/, rule: 'tooManyPhotos', field: 'media' },
  { pattern: /^(a )?media\[\] file/, rule: 'photoRejected', field: 'media' },
  { pattern: /is not in the service object registry/, rule: 'notInRegistry' },
  { pattern: /^service_code \S+ not found/, rule: 'unknownType' },
  { pattern: /\bis required\b/, rule: 'required' },
  { pattern: /\bmust be at least (\d+)/, rule: 'tooShort' },
  { pattern: /\bmust be at most (\d+)/, rule: 'tooLong' },
  { pattern: /\bHTML\b/, rule: 'html' },
  { pattern: /\bcontrol characters\b/, rule: 'control' },
  { pattern: /\bmust (be|end)\b/, rule: 'invalid' },
];

export function classifyMessage(message: string, fieldHint?: string): ClassifiedMessage {
  const text = message.trim();
  const leadingField = /^([a-z_]+(\[\])?)\b/.exec(text)?.[1];
  for (const { pattern, rule, field } of rules) {
    const match = pattern.exec(text);
    if (!match) continue;
    const limitText = match.slice(1).find((group) => group !== undefined && /^\d+$/.test(group));
    return {
      target: errorTargetOf(field ?? fieldHint ?? leadingField),
      rule,
      limit: limitText === undefined ? undefined : Number(limitText),
      original: message,
    };
  }
  return { target: errorTargetOf(fieldHint ?? leadingField), rule: undefined, original: message };
}

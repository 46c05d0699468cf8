import type { i18n as I18n } from 'i18next';
import { classifyMessage, type ClassifiedMessage } from './classify-message';

type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/**
 * A validation message in the UI language: report.json's `validation.<place>.<rule>` when the
 * form place has its own wording, else `validation.any.<rule>`, else the text as received
 * (English from the schema or the API), so nothing is ever hidden.
 */
export function translateClassified(i18n: I18n, classified: ClassifiedMessage): string {
  const { target, rule, limit, original } = classified;
  if (!rule) return original;
  const candidates = [target ? `report:validation.${target}.${rule}` : undefined, `report:validation.any.${rule}`];
  const key = candidates.find((candidate): candidate is string => candidate !== undefined && i18n.exists(candidate));
  return key ? (i18n.t as unknown as DynamicT)(key, { limit: limit ?? '' }) : original;
}

export function translateValidationMessage(i18n: I18n, message: string, fieldHint?: string): string {
  return translateClassified(i18n, classifyMessage(message, fieldHint));
}

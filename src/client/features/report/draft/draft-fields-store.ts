import { cleanAnswers } from '../questions/answers';
import { emptyReportValues, type ReportFormValues } from '../validation/report-form-values';

/** localStorage key of the unfinished report's text fields (photos live in IndexedDB). */
export const DRAFT_FIELDS_KEY = 'kerro.report.draft';

export interface DraftFields {
  values: ReportFormValues;
  /** When it was last saved, ISO 8601. */
  savedAt: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // blocked by privacy settings: the form works, it just is not kept
  }
}

/** Only known fields, only strings (and answers): an old or tampered entry cannot break the form. */
function cleanValues(raw: unknown): ReportFormValues {
  const values = { ...emptyReportValues, answers: {} };
  if (typeof raw !== 'object' || raw === null) return values;
  for (const key of Object.keys(values) as (keyof ReportFormValues)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if (key !== 'answers' && typeof value === 'string') values[key] = value;
  }
  values.answers = cleanAnswers((raw as Record<string, unknown>).answers);
  return values;
}

export function loadDraftFields(): DraftFields | undefined {
  try {
    const text = storage()?.getItem(DRAFT_FIELDS_KEY);
    if (!text) return undefined;
    const parsed = JSON.parse(text) as { values?: unknown; savedAt?: unknown };
    const values = cleanValues(parsed.values);
    const savedAt = typeof parsed.savedAt === 'string' ? parsed.savedAt : new Date().toISOString();
    return hasContent(values) ? { values, savedAt } : undefined;
  } catch {
    return undefined;
  }
}

const filled = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) ? value.some(filled) : false;

export function hasContent(values: Partial<ReportFormValues>): boolean {
  const { answers, ...fields } = values;
  return Object.values(fields).some(filled) || Object.values(answers ?? {}).some(filled);
}

export function saveDraftFields(values: Partial<ReportFormValues>, now = new Date()): void {
  try {
    if (!hasContent(values)) {
      storage()?.removeItem(DRAFT_FIELDS_KEY);
      return;
    }
    storage()?.setItem(DRAFT_FIELDS_KEY, JSON.stringify({ values: cleanValues(values), savedAt: now.toISOString() }));
  } catch {
    // Full or blocked storage: keep going; the person can still send the report.
  }
}

export function clearDraftFields(): void {
  try {
    storage()?.removeItem(DRAFT_FIELDS_KEY);
  } catch {
    // nothing to clear
  }
}

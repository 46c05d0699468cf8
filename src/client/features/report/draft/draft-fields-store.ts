import { cleanAnswers } from '../../../lib/service-questions';
import { emptyReportValues, type ReportFormValues } from '../validation/report-form-values';

/** localStorage key of the unfinished report's text fields (photos live in IndexedDB). */
export const DRAFT_FIELDS_KEY = 'kerro.report.draft';

export interface DraftFields {
  values: ReportFormValues;
  /** When it was last saved, ISO 8601. */
  savedAt: string;
  /**
   * The draft's Idempotency-Key: made with the draft, sent with every try of it, so the report
   * arrives once however often it is sent; a new draft (after a sent or discarded one) gets a new one.
   */
  idempotencyKey: string;
  /**
   * The secret that asks the proxy after the report (`Submission-Lookup-Token`): made with the key,
   * sent with every try and with the lookup, so only this browser gets the report's answer. A
   * draft kept before the tokens has none, and keeps none: its key may have gone out without one,
   * and a try with a token would be another report's to the proxy.
   */
  lookupToken?: string;
  /** Set while a send is under way: a page reloaded with it set asks whether the report arrived. */
  sending: boolean;
}

/** A report's Idempotency-Key and the lookup token kept with it. */
export interface SubmissionIds {
  idempotencyKey: string;
  lookupToken?: string;
}

/** The ids of a draft kept nowhere (storage blocked): they last as long as the page. */
let idsOfThisPage: SubmissionIds | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // blocked by privacy settings: the form works, it just is not kept
  }
}

/** A random (version 4) UUID; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new draft's ids: a new key, and a new token with it. */
const newSubmissionIds = (): SubmissionIds => ({ idempotencyKey: newIdempotencyKey(), lookupToken: newIdempotencyKey() });

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

/** The stored entry, whatever it holds; undefined when there is none or it cannot be read. */
function readEntry(): DraftFields | undefined {
  try {
    const text = storage()?.getItem(DRAFT_FIELDS_KEY);
    if (!text) return undefined;
    const parsed = JSON.parse(text) as { values?: unknown; savedAt?: unknown; idempotencyKey?: unknown; lookupToken?: unknown; sending?: unknown };
    const hasKey = typeof parsed.idempotencyKey === 'string' && parsed.idempotencyKey !== '';
    // A draft kept before keys existed gets both now; one kept before tokens keeps its key alone.
    const ids: SubmissionIds = hasKey
      ? { idempotencyKey: parsed.idempotencyKey as string, ...(typeof parsed.lookupToken === 'string' && parsed.lookupToken !== '' ? { lookupToken: parsed.lookupToken } : {}) }
      : newSubmissionIds();
    return {
      values: cleanValues(parsed.values),
      savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : new Date().toISOString(),
      ...ids,
      sending: parsed.sending === true,
    };
  } catch {
    return undefined;
  }
}

function writeEntry(entry: DraftFields): void {
  try {
    storage()?.setItem(DRAFT_FIELDS_KEY, JSON.stringify(entry));
  } catch {
    // Full or blocked storage: keep going; the person can still send the report.
  }
}

export function loadDraftFields(): DraftFields | undefined {
  const entry = readEntry();
  return entry && hasContent(entry.values) ? entry : undefined;
}

const filled = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) ? value.some(filled) : false;

export function hasContent(values: Partial<ReportFormValues>): boolean {
  const { answers, ...fields } = values;
  return Object.values(fields).some(filled) || Object.values(answers ?? {}).some(filled);
}

const idsOf = ({ idempotencyKey, lookupToken }: SubmissionIds): SubmissionIds => ({ idempotencyKey, ...(lookupToken === undefined ? {} : { lookupToken }) });

/** Keeps the fields, and the draft's ids and sending mark as they are (ids are made with a new draft). */
export function saveDraftFields(values: Partial<ReportFormValues>, now = new Date()): void {
  const entry = readEntry();
  if (!hasContent(values) && !entry?.sending) {
    clearDraftFields();
    return;
  }
  const ids = entry ? idsOf(entry) : (idsOfThisPage ?? newSubmissionIds());
  idsOfThisPage = ids;
  writeEntry({ values: cleanValues(values), savedAt: now.toISOString(), ...ids, sending: entry?.sending ?? false });
}

/** The draft's key and token, made now if the draft has none yet; kept with the draft so a reload sends the same. */
export function draftSubmissionIds(): SubmissionIds {
  const entry = readEntry();
  if (entry) {
    // Ids made for an old entry are kept from now on.
    if (entry.idempotencyKey !== idsOfThisPage?.idempotencyKey) writeEntry(entry);
    idsOfThisPage = idsOf(entry);
    return idsOfThisPage;
  }
  idsOfThisPage ??= newSubmissionIds();
  return idsOfThisPage;
}

/** The draft's key alone (draftSubmissionIds). */
export const draftIdempotencyKey = (): string => draftSubmissionIds().idempotencyKey;

/** Marks the draft as being sent (or no longer), so a reload mid-send knows to ask whether it arrived. */
export function markDraftSending(sending: boolean): void {
  const entry = readEntry();
  if (entry) writeEntry({ ...entry, sending });
}

/** Forgets the draft, its key with it: the next draft is a new report with a new key. */
export function clearDraftFields(): void {
  idsOfThisPage = undefined;
  try {
    storage()?.removeItem(DRAFT_FIELDS_KEY);
  } catch {
    // nothing to clear
  }
}

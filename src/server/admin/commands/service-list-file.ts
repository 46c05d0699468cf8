/**
 * A city's GeoReport `services.json` answer in one language, as its server gives it: an array of
 * { service_code, service_name, description, metadata, type, keywords, group }. Each problem names
 * the file, the entry (index and service_code) and the field.
 */
import { z } from 'zod';
import type { ServiceTypeRecord, ServiceTypeTranslation } from '../../storage/repositories/types';

/** A missing field and a wrong type say different things. */
export const expected = (what: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? 'is missing' : `must be ${what}`) });

/** The codes a URL can carry as they are (services/{code}.json), as long as a request may name. */
const serviceCodePattern = /^[A-Za-z0-9_:-]{1,64}$/;

export const serviceCodeSchema = z
  .union([z.string(), z.number().int().nonnegative()], expected('a string or a whole number'))
  .transform(String)
  .refine((code) => serviceCodePattern.test(code), "must be 1 to 64 letters, digits, '_', '-' or ':' (it goes into the services/{code}.json URL)");

const text = (max: number) => z.string(expected('a string')).max(max).default('');

/** Ten years: a longer target is a typo (hours or a date) rather than a deadline. */
export const maxTargetDays = 3650;
const targetDaysMessage = `must be a whole number of days from 1 to ${maxTargetDays}, or null for no target`;

/** Kerro's own field, not GeoReport's: days a report may stay open before it is overdue (issue 41, item 6). */
const targetDays = z
  .number({ error: targetDaysMessage })
  .int(targetDaysMessage)
  .min(1, targetDaysMessage)
  .max(maxTargetDays, targetDaysMessage)
  .nullable()
  .optional()
  .transform((days) => days ?? undefined);

const entrySchema = z.object({
  service_code: serviceCodeSchema,
  service_name: z.string(expected('a string')).trim().min(1, 'must not be empty').max(300),
  description: text(5000),
  keywords: text(1000),
  group: text(300),
  type: z.enum(['realtime', 'batch', 'blackbox'], { error: 'must be realtime, batch or blackbox' }).default('realtime'),
  metadata: z.boolean(expected('true or false')).default(false),
  target_days: targetDays,
}, expected('an object'));

export interface ServiceListEntry {
  index: number;
  service_code: string;
  type: ServiceTypeRecord['type'];
  metadata: boolean;
  /** Absent: this file sets no target (another language's file may). */
  target_days: number | undefined;
  translation: ServiceTypeTranslation;
}

/** The JSON in `text`, or the problem naming `file`. */
export function parseJsonFile(file: string, text: string): { json: unknown } | { problem: string } {
  try {
    return { json: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (error) {
    if (text.trimStart().startsWith('<')) return { problem: `${file}: not valid JSON: it looks like XML; give the JSON answer (services.json, services/{code}.json)` };
    return { problem: `${file}: not valid JSON (${(error as Error).message})` };
  }
}

/** Names an entry as the messages do: its index, and its code when it has one. */
function entryLabel(kind: string, index: number, code: unknown): string {
  return typeof code === 'string' || typeof code === 'number' ? `${kind} ${index} (service_code ${String(code)})` : `${kind} ${index}`;
}

/** Every zod issue as `field: message`. */
export const issuesOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ');

export function parseServiceListFile(file: string, text: string): { entries: ServiceListEntry[]; problems: string[] } {
  const parsed = parseJsonFile(file, text);
  if ('problem' in parsed) return { entries: [], problems: [parsed.problem] };
  if (!Array.isArray(parsed.json)) return { entries: [], problems: [`${file}: not a GeoReport service list (a JSON array of services)`] };
  const entries: ServiceListEntry[] = [];
  const problems: string[] = [];
  const firstIndexOf = new Map<string, number>();
  parsed.json.forEach((raw: unknown, index) => {
    const code = (raw as { service_code?: unknown } | null)?.service_code;
    const label = `${file}: ${entryLabel('entry', index, code)}`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      problems.push(`${label}: ${issuesOf(entry.error)}`);
      return;
    }
    const { service_code, service_name, description, keywords, group, type, metadata, target_days } = entry.data;
    const earlier = firstIndexOf.get(service_code);
    if (earlier !== undefined) {
      problems.push(`${label}: service_code: duplicated (entry ${earlier} has it too)`);
      return;
    }
    firstIndexOf.set(service_code, index);
    entries.push({ index, service_code, type, metadata, target_days, translation: { service_name, description, keywords, group } });
  });
  return { entries, problems };
}

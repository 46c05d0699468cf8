import { readFile } from 'node:fs/promises';
import type { CounterRecord, CounterRepository, UpsertSummary } from '../storage/repositories/types';
import { checkFeature } from './validate-feature';

export interface ImportIo {
  out(line: string): void;
  err(line: string): void;
}

export interface ImportSource {
  /** Shown in messages, e.g. the path given on the command line. */
  name: string;
  text: string;
}

export type ImportOutcome =
  | { ok: true; summary: UpsertSummary; counters: number; notes: string[] }
  | { ok: false; problems: string[] };

/** The features of a FeatureCollection, a saved page envelope ({count, next, previous, results}), or one Feature. */
function featuresOf(document: unknown): unknown[] | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  const value = document as Record<string, unknown>;
  if (value.type === 'FeatureCollection' && Array.isArray(value.features)) return value.features;
  const results = value.results as Record<string, unknown> | undefined;
  if (results?.type === 'FeatureCollection' && Array.isArray(results.features)) return results.features;
  if (value.type === 'Feature') return [value];
  return undefined;
}

/**
 * Checks every feature of every source, then writes them all in one transaction, or nothing
 * when any is bad. A counter given twice keeps its last version.
 */
export async function importCounters(sources: readonly ImportSource[], repository: CounterRepository): Promise<ImportOutcome> {
  const problems: string[] = [];
  const notes: string[] = [];
  const byId = new Map<number, { record: CounterRecord; where: string }>();
  for (const source of sources) {
    let document: unknown;
    try {
      // Real answers have been seen with a byte-order mark.
      document = JSON.parse(source.text.replace(/^\uFEFF/, ''));
    } catch (error) {
      problems.push(`${source.name}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const features = featuresOf(document);
    if (!features) {
      problems.push(
        `${source.name}: expected a GeoJSON FeatureCollection or a counters page {count, next, previous, results: FeatureCollection}`,
      );
      continue;
    }
    features.forEach((feature, index) => {
      const check = checkFeature(feature);
      const where = `${source.name}: features[${index}]`;
      if (!check.ok) {
        const id = check.id === undefined ? 'no id' : `id ${JSON.stringify(check.id)}`;
        problems.push(`${where} (${id}): ${check.problems.join('; ')}`);
        return;
      }
      const earlier = byId.get(check.record.id);
      if (earlier) notes.push(`id ${check.record.id} is given more than once; ${where} replaces ${earlier.where}`);
      byId.set(check.record.id, { record: check.record, where });
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const records = [...byId.values()].map((entry) => entry.record);
  const summary = await repository.upsertMany(records);
  return { ok: true, summary, counters: records.length, notes };
}

const maxProblemsShown = 50;

/** `counters import FILE [FILE…]`: reads the files, imports, reports; returns the exit code. */
export async function runCounterImport(paths: readonly string[], repository: CounterRepository, io: ImportIo): Promise<number> {
  const sources: ImportSource[] = [];
  for (const path of paths) {
    try {
      sources.push({ name: path, text: await readFile(path, 'utf8') });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      io.err(`${path}: cannot read the file (${code ?? (error instanceof Error ? error.message : String(error))}). Nothing was imported.`);
      return 1;
    }
  }
  const outcome = await importCounters(sources, repository);
  if (!outcome.ok) {
    for (const problem of outcome.problems.slice(0, maxProblemsShown)) io.err(problem);
    if (outcome.problems.length > maxProblemsShown) io.err(`... and ${outcome.problems.length - maxProblemsShown} more problems.`);
    io.err(`Rejected: ${outcome.problems.length} problem(s) found. Nothing was imported; fix the records above and run again.`);
    return 1;
  }
  for (const note of outcome.notes.slice(0, maxProblemsShown)) io.out(note);
  const { inserted, updated, unchanged } = outcome.summary;
  const files = sources.length === 1 ? '1 file' : `${sources.length} files`;
  const counted = outcome.counters === 1 ? '1 counter' : `${outcome.counters} counters`;
  io.out(`Imported ${counted} from ${files}: ${inserted} inserted, ${updated} updated, ${unchanged} unchanged.`);
  return 0;
}

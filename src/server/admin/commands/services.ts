/** `services import|list|remove`: a city's own service types, from its GeoReport answers. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isSupportedLocale, supportedLocales, type SupportedLocale } from '../../../shared/locales';
import type { Repositories } from '../../storage/repositories/types';
import { isHelp, printTable, usageError, type CommandIo } from '../io';
import { parseDefinitionFile, type ServiceDefinition } from './service-definition-file';
import { mergeServiceImport, type LocaleDefinitions, type LocaleList } from './service-import';
import { maxTargetDays, parseServiceListFile } from './service-list-file';

export const servicesUsage = `Usage: npm run admin -- services import LOCALE=FILE... [--definitions LOCALE=PATH]... [--body ID]
       npm run admin -- services list
       npm run admin -- services remove CODE
       npm run admin -- services archive|restore CODE

import   Reads a city's GeoReport services.json answers, one per language (LOCALE is ${supportedLocales.join(', ')}),
         e.g. fi=services_fi.json en=services.json sv=services_sv.json, and stores one service type per
         service_code with its name, description, keywords and group in each language, its type
         (realtime, batch, blackbox) and its place in the list (the first file's order).
         An entry may add Kerro's own "target_days": days a published report may stay open
         before it is overdue (1 to ${maxTargetDays}; absent or null: no target). One file giving it is
         enough; two giving different values are refused.
         --definitions LOCALE=PATH  the types' questions: GeoReport services/{code}.json answers in
                    that language; PATH is one such file or a directory of them (every *.json).
                    Repeat it for each language and path.
         --body ID  also adds the imported codes to that body's service list.
         A type already stored is replaced whole by the imported one; types the files do not name
         are left alone. Every file is checked first: nothing is stored unless all are valid.
         A code missing from one language's file is imported with a warning (that language shows
         its English name); a type that differs between files is refused.
list     Every service type: its code, type, name in each language, target time to close, how many
         requests use it, and whether it is archived.
remove   Removes a type no request uses (and its place in bodies' service lists). A type that
         requests use is refused, naming how many: archive it instead.
archive  Stops offering a type: it leaves services.json, its definition answers 404 and new reports
         of it are refused, while its requests keep showing under its name. restore offers it again.`;

/** What the commands read and write: the service types, and bodies' service lists. */
type ServiceStores = Pick<Repositories, 'serviceTypes' | 'bodies'>;

interface ImportArguments {
  lists: { locale: SupportedLocale; file: string }[];
  definitions: { locale: SupportedLocale; path: string }[];
  body?: string;
}

/** The import's arguments, or the mistake in them. */
function readImportArguments(args: readonly string[]): ImportArguments | string {
  const parsed: ImportArguments = { lists: [], definitions: [] };
  const localeAndPath = (arg: string | undefined, what: string): { locale: SupportedLocale; path: string } | string => {
    const match = arg === undefined ? null : /^([^=]+)=(.+)$/.exec(arg);
    if (!match) return `${what} must be LOCALE=PATH (e.g. fi=services_fi.json), not "${arg ?? ''}".`;
    const locale = match[1]!.trim().toLowerCase();
    if (!isSupportedLocale(locale)) return `${what}: "${match[1]}" is not a language Kerro speaks (${supportedLocales.join(', ')}).`;
    return { locale, path: match[2]! };
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--body') {
      const id = args[++index];
      if (!id || id.startsWith('--')) return '--body needs a body id.';
      parsed.body = id;
    } else if (arg === '--definitions') {
      const value = localeAndPath(args[++index], '--definitions');
      if (typeof value === 'string') return value;
      parsed.definitions.push(value);
    } else if (arg.startsWith('--')) {
      return `Unknown option ${arg}.`;
    } else {
      const value = localeAndPath(arg, 'A service list');
      if (typeof value === 'string') return value;
      if (parsed.lists.some((list) => list.locale === value.locale)) return `Two service lists in ${value.locale}: give one file per language.`;
      parsed.lists.push({ locale: value.locale, file: value.path });
    }
  }
  if (parsed.lists.length === 0) return 'services import needs at least one service list, LOCALE=FILE.';
  return parsed;
}

async function readText(file: string, problems: string[]): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    problems.push(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

/** A definition file, or every *.json in a directory (in name order). */
async function definitionFiles(path: string, problems: string[]): Promise<string[]> {
  try {
    if (!(await stat(path)).isDirectory()) return [path];
  } catch (error) {
    problems.push(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return [];
  }
  const files = (await readdir(path)).filter((name) => name.toLowerCase().endsWith('.json')).sort();
  if (files.length === 0) problems.push(`${path}: a directory with no .json definition in it`);
  return files.map((name) => join(path, name));
}

async function importServices(args: readonly string[], io: CommandIo, store: ServiceStores): Promise<number> {
  const parsed = readImportArguments(args);
  if (typeof parsed === 'string') return usageError(io, servicesUsage, parsed);
  const problems: string[] = [];
  const lists: LocaleList[] = [];
  for (const { locale, file } of parsed.lists) {
    const text = await readText(file, problems);
    if (text === undefined) continue;
    const list = parseServiceListFile(file, text);
    problems.push(...list.problems);
    lists.push({ locale, file, entries: list.entries });
  }
  const definitionSets: LocaleDefinitions[] = [];
  for (const { locale, path } of parsed.definitions) {
    const definitions: ServiceDefinition[] = [];
    for (const file of await definitionFiles(path, problems)) {
      const text = await readText(file, problems);
      if (text === undefined) continue;
      const read = parseDefinitionFile(file, text);
      problems.push(...read.problems);
      if (read.definition) definitions.push(read.definition);
    }
    definitionSets.push({ locale, definitions });
  }
  const merged = mergeServiceImport(lists, definitionSets);
  problems.push(...merged.problems);
  if (parsed.body !== undefined && problems.length === 0 && !(await store.bodies.find(parsed.body))) {
    problems.push(`--body ${parsed.body}: no such body (npm run admin -- bodies list shows them)`);
  }
  if (problems.length > 0) {
    problems.forEach((problem) => io.err(problem));
    io.err(`Nothing was imported: fix the ${problems.length} problem(s) above and run the import again.`);
    return 1;
  }
  merged.warnings.forEach((warning) => io.err(`Warning: ${warning}`));
  const stored = new Set((await store.serviceTypes.list()).map((type) => type.service_code));
  await store.serviceTypes.upsertMany(merged.records);
  const added = merged.records.filter((record) => !stored.has(record.service_code)).length;
  const languages = parsed.lists.map((list) => list.locale).join(', ');
  io.out(`Imported ${merged.records.length} service types (${languages}): ${added} new, ${merged.records.length - added} replaced.`);
  if (parsed.body !== undefined) {
    // Checked before the import; only a body removed meanwhile is missing here.
    if (!(await store.bodies.addServices(parsed.body, merged.records.map((record) => record.service_code)))) {
      io.err(`Body ${parsed.body} was removed meanwhile: the types were imported but no body lists them.`);
      return 1;
    }
    io.out(`Body ${parsed.body} handles them now.`);
  }
  return 0;
}

async function listServices(io: CommandIo, store: ServiceStores): Promise<number> {
  const [types, counts] = await Promise.all([store.serviceTypes.list(), store.serviceTypes.requestCounts()]);
  if (types.length === 0) {
    io.out('No service types (npm run admin -- services import …).');
    return 0;
  }
  printTable(io, [
    ['code', 'type', ...supportedLocales, 'target', 'requests', 'state'],
    ...types.map((type) => [
      type.service_code,
      type.type,
      ...supportedLocales.map((locale) => type.translations[locale]?.service_name ?? '-'),
      type.target_days === undefined ? '-' : `${type.target_days} days`,
      String(counts.get(type.service_code) ?? 0),
      type.archived_at === undefined ? '' : 'archived',
    ]),
  ]);
  return 0;
}

async function removeService(code: string, io: CommandIo, store: ServiceStores): Promise<number> {
  const removal = await store.serviceTypes.remove(code);
  if (removal.outcome === 'removed') {
    io.out(`Removed service type ${code}.`);
    return 0;
  }
  if (removal.outcome === 'missing') {
    io.err(`No service type ${code} (npm run admin -- services list shows them).`);
    return 1;
  }
  io.err(
    `Service type ${code} was not removed: ${removal.requests} request(s) use it. ` +
      `To stop new reports of it and keep its requests, archive it: npm run admin -- services archive ${code}`,
  );
  return 1;
}

async function archiveService(code: string, archive: boolean, io: CommandIo, store: ServiceStores, now: number): Promise<number> {
  if (!(await store.serviceTypes.setArchived(code, archive ? now : null))) {
    io.err(`No service type ${code} (npm run admin -- services list shows them).`);
    return 1;
  }
  io.out(
    archive
      ? `Archived service type ${code}: no longer offered or accepted for new reports; its requests keep showing.`
      : `Service type ${code} is offered again.`,
  );
  return 0;
}

export async function servicesCommand(args: readonly string[], io: CommandIo, store: ServiceStores, now = Date.now()): Promise<number> {
  const [command, ...rest] = args;
  if (isHelp(command) || rest.some(isHelpFlag)) return usageError(io, servicesUsage);
  if (command === 'import') return importServices(rest, io, store);
  if (command === 'list' && rest.length === 0) return listServices(io, store);
  if (command === 'remove' && rest.length === 1) return removeService(rest[0]!, io, store);
  if ((command === 'archive' || command === 'restore') && rest.length === 1) return archiveService(rest[0]!, command === 'archive', io, store, now);
  return usageError(io, servicesUsage, `Unknown or incomplete command: services ${args.join(' ')}`);
}

const isHelpFlag = (arg: string) => arg === '--help' || arg === '-h';

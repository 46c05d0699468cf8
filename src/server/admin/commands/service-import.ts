/**
 * One service type per service_code from a city's service lists (one file per language) and its
 * definitions: merged, checked across languages, or refused with every problem named.
 */
import type { SupportedLocale } from '../../../shared/locales';
import type { ServiceAttribute, ServiceTypeRecord } from '../../storage/repositories/types';
import type { DefinitionAttribute, ServiceDefinition } from './service-definition-file';
import type { ServiceListEntry } from './service-list-file';

export interface LocaleList {
  locale: SupportedLocale;
  file: string;
  entries: ServiceListEntry[];
}

export interface LocaleDefinitions {
  locale: SupportedLocale;
  definitions: ServiceDefinition[];
}

export interface MergedImport {
  records: ServiceTypeRecord[];
  problems: string[];
  /** What is imported anyway, but an administrator should know. */
  warnings: string[];
}

export function mergeServiceImport(lists: readonly LocaleList[], definitionSets: readonly LocaleDefinitions[]): MergedImport {
  const problems: string[] = [];
  const warnings: string[] = [];
  const records = new Map<string, ServiceTypeRecord>();
  const typeFrom = new Map<string, string>();
  const targetFrom = new Map<string, string>();
  const wantsDefinition = new Set<string>();
  for (const { locale, file, entries } of lists) {
    for (const entry of entries) {
      const code = entry.service_code;
      let record = records.get(code);
      if (!record) {
        record = { service_code: code, type: entry.type, position: records.size, translations: {}, attributes: [] };
        records.set(code, record);
        typeFrom.set(code, file);
      } else if (record.type !== entry.type) {
        problems.push(`${file}: entry ${entry.index} (service_code ${code}): type: "${entry.type}" here but "${record.type}" in ${typeFrom.get(code)}`);
      }
      // A target given in one language's file holds for all; two files giving different ones are refused.
      if (entry.target_days !== undefined) {
        if (record.target_days === undefined) {
          record.target_days = entry.target_days;
          targetFrom.set(code, file);
        } else if (record.target_days !== entry.target_days) {
          problems.push(`${file}: entry ${entry.index} (service_code ${code}): target_days: ${entry.target_days} here but ${record.target_days} in ${targetFrom.get(code)}`);
        }
      }
      record.translations[locale] = entry.translation;
      if (entry.metadata) wantsDefinition.add(code);
    }
  }
  for (const { locale, file, entries } of lists) {
    const here = new Set(entries.map((entry) => entry.service_code));
    const missing = [...records.keys()].filter((code) => !here.has(code));
    if (missing.length > 0 && entries.length > 0) {
      warnings.push(`${file} (${locale}) has no entry for service_code ${missing.join(', ')}: in ${locale} those show their English name, or another language's without one.`);
    }
  }

  const definitions = collectDefinitions(definitionSets, records, problems);
  for (const [code, byLocale] of definitions) {
    const attributes = mergeAttributes(byLocale, problems);
    if (attributes) records.get(code)!.attributes = attributes;
  }
  const undefinedCodes = [...wantsDefinition].filter((code) => !definitions.has(code));
  if (undefinedCodes.length > 0) {
    warnings.push(`service_code ${undefinedCodes.join(', ')}: metadata is true but no definition was given (--definitions): imported without questions.`);
  }
  return { records: [...records.values()], problems, warnings };
}

/** The definitions by code, then by language, each code known and given once per language. */
function collectDefinitions(sets: readonly LocaleDefinitions[], records: ReadonlyMap<string, ServiceTypeRecord>, problems: string[]) {
  const byCode = new Map<string, Map<SupportedLocale, ServiceDefinition>>();
  for (const { locale, definitions } of sets) {
    for (const definition of definitions) {
      const code = definition.service_code;
      if (!records.has(code)) {
        problems.push(`${definition.file}: service_code ${code}: no service list given has this code`);
        continue;
      }
      const forCode = byCode.get(code) ?? new Map<SupportedLocale, ServiceDefinition>();
      const earlier = forCode.get(locale);
      if (earlier) {
        problems.push(`${definition.file}: service_code ${code}: a second definition in ${locale} (${earlier.file} is the first)`);
        continue;
      }
      forCode.set(locale, definition);
      byCode.set(code, forCode);
    }
  }
  return byCode;
}

/** What must be the same in every language: everything but the texts (descriptions, names). */
const shapeOf = (attribute: DefinitionAttribute) => ({
  variable: attribute.variable,
  datatype: attribute.datatype,
  required: attribute.required,
  order: attribute.order,
  'values (keys)': attribute.values.map((value) => value.key).join(','),
});

/** One attribute list from a definition in each language, or undefined after naming what differs. */
function mergeAttributes(byLocale: ReadonlyMap<SupportedLocale, ServiceDefinition>, problems: string[]): ServiceAttribute[] | undefined {
  const given = [...byLocale.entries()];
  const [, first] = given[0]!;
  const before = problems.length;
  for (const [, other] of given.slice(1)) {
    const firstCodes = first.attributes.map((attribute) => attribute.code).join(', ');
    const otherCodes = other.attributes.map((attribute) => attribute.code).join(', ');
    if (firstCodes !== otherCodes) {
      problems.push(`${other.file} (service_code ${other.service_code}): attributes: codes ${otherCodes || '(none)'} here but ${firstCodes || '(none)'} in ${first.file}`);
      continue;
    }
    other.attributes.forEach((attribute, index) => {
      const mine = shapeOf(attribute);
      const theirs = shapeOf(first.attributes[index]!);
      for (const field of Object.keys(mine) as (keyof typeof mine)[]) {
        if (mine[field] !== theirs[field]) {
          problems.push(`${other.file} (service_code ${other.service_code}): attribute ${index} (code ${attribute.code}): ${field}: ${String(mine[field])} here but ${String(theirs[field])} in ${first.file}`);
        }
      }
    });
  }
  if (problems.length > before) return undefined;
  // English is the default text (as GeoReport's), else the first language given.
  const defaultDefinition = byLocale.get('en') ?? first;
  return first.attributes.map((attribute, index): ServiceAttribute => {
    const inEach = given.map(([locale, definition]) => [locale, definition.attributes[index]!] as const);
    const byDefault = defaultDefinition.attributes[index]!;
    return {
      code: attribute.code,
      variable: attribute.variable,
      datatype: attribute.datatype,
      required: attribute.required,
      datatype_description: byDefault.datatype_description,
      order: attribute.order,
      description: byDefault.description,
      descriptions: Object.fromEntries(inEach.map(([locale, each]) => [locale, each.description])),
      values: attribute.values.map((value, valueIndex) => ({
        key: value.key,
        name: byDefault.values[valueIndex]!.name,
        names: Object.fromEntries(inEach.map(([locale, each]) => [locale, each.values[valueIndex]!.name])),
      })),
    };
  });
}

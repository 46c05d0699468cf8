import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Repositories, ServiceObjectRecord } from '../../storage/repositories/types';
import { usageError, type CommandIo } from '../io';

export const serviceObjectsUsage = `Usage: npm run admin -- service-objects import FILE...

Reads GeoJSON FeatureCollections of service objects (parks, toilets, …) and upserts them into the
embedded registry by id. Each feature: a Point geometry [long, lat] and properties
{ id, kind, name_fi, name_sv, name_en, address? } (or name: { fi, sv, en }). All files are checked
first; nothing is written unless every record is valid.`;

const name = z.string().trim().min(1).max(300);
const featureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  }),
  properties: z
    .object({
      id: z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String),
      kind: z.string().trim().min(1).max(100),
      name_fi: name.optional(),
      name_sv: name.optional(),
      name_en: name.optional(),
      name: z.object({ fi: name, sv: name, en: name }).optional(),
      address: z.string().max(300).default(''),
    })
    .refine((p) => p.name !== undefined || (p.name_fi && p.name_sv && p.name_en), {
      message: 'needs names in fi, sv and en (name_fi, name_sv, name_en or name: {fi, sv, en})',
    }),
});
const collectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/** Parses one file into records, or the list of problems naming file, index and id. */
export function parseServiceObjectFile(file: string, text: string, type: string): { records: ServiceObjectRecord[]; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { records: [], problems: [`${file}: not valid JSON (${(error as Error).message})`] };
  }
  const collection = collectionSchema.safeParse(json);
  if (!collection.success) return { records: [], problems: [`${file}: not a GeoJSON FeatureCollection`] };
  const records: ServiceObjectRecord[] = [];
  const problems: string[] = [];
  collection.data.features.forEach((raw, index) => {
    const parsed = featureSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { properties?: { id?: unknown } })?.properties?.id;
      const what = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'feature'}: ${issue.message}`).join('; ');
      problems.push(`${file}: feature ${index}${id === undefined ? '' : ` (id ${String(id)})`}: ${what}`);
      return;
    }
    const { properties, geometry } = parsed.data;
    records.push({
      service_object_type: type,
      service_object_id: properties.id,
      kind: properties.kind,
      lat: geometry.coordinates[1],
      long: geometry.coordinates[0],
      names: properties.name ?? { fi: properties.name_fi!, sv: properties.name_sv!, en: properties.name_en! },
      address: properties.address,
    });
  });
  return { records, problems };
}

export async function serviceObjectsCommand(
  args: string[],
  io: CommandIo,
  repositories: Pick<Repositories, 'serviceObjects'>,
  serviceObjectType: string,
): Promise<number> {
  const [command, ...files] = args;
  if (command !== 'import' || files.length === 0) return usageError(io, serviceObjectsUsage, command === 'import' ? 'service-objects import needs at least one FILE.' : undefined);
  const records: ServiceObjectRecord[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      problems.push(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      continue;
    }
    const parsed = parseServiceObjectFile(file, text, serviceObjectType);
    records.push(...parsed.records);
    problems.push(...parsed.problems);
  }
  if (problems.length > 0) {
    problems.forEach((problem) => io.err(problem));
    io.err(`Nothing was imported: fix the ${problems.length} problem(s) above and run the import again.`);
    return 1;
  }
  const before = await repositories.serviceObjects.count();
  await repositories.serviceObjects.upsertMany(records);
  const after = await repositories.serviceObjects.count();
  io.out(`Imported ${records.length} service objects: ${after - before} new, ${records.length - (after - before)} updated.`);
  return 0;
}

import { parseNotOursFile } from '../../not-ours/not-ours-file';
import type { NotOursArea, Repositories } from '../../storage/repositories/types';
import { isHelp, printTable, readCheckedFile, usageError as usageOf, type CommandIo } from '../io';

export const notOursUsage = `Usage: npm run admin -- not-ours <command>

  not-ours import FILE.geojson  replace every "not ours" area with those of a GeoJSON
                                FeatureCollection, one Feature per place someone else maintains
                                (a state road, a private yard, a railway): properties { id, name,
                                message: { fi, sv, en } (whom to contact), url?, allowed_services:
                                [codes still reported there, may be empty] } and a Polygon or
                                MultiPolygon area. The whole file is checked first; nothing is
                                stored unless every area is valid. An empty FeatureCollection
                                removes them all. The format: README, "Not ours: say where instead".
  not-ours list                 list the areas (id, name, allowed service codes, url)

A report at such a place is refused unless its type is allowed there; the form shows the message.`;

/** `not-ours` group of the admin CLI: 0 done, 1 refused, 2 bad usage. */
export async function notOursCommand(args: readonly string[], io: CommandIo, repositories: Pick<Repositories, 'notOurs' | 'serviceTypes'>): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'import':
      return rest.length === 1 ? importFile(rest[0]!, io, repositories) : usageError(io, 'not-ours import takes one FILE.geojson.');
    case 'list':
      return rest.length === 0 ? list(io, repositories) : usageError(io, 'not-ours list takes no arguments.');
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown not-ours command "${command}".`);
  }
}

async function importFile(file: string, io: CommandIo, repositories: Pick<Repositories, 'notOurs' | 'serviceTypes'>): Promise<number> {
  const serviceCodes = new Set((await repositories.serviceTypes.list()).map((type) => type.service_code));
  const checked = await readCheckedFile(file, io, (text) => parseNotOursFile(file, text, serviceCodes));
  if (!checked) return 1;
  const { areas } = checked;
  await repositories.notOurs.replaceAll(areas);
  if (areas.length === 0) {
    io.out(`${file} has no areas: every "not ours" area was removed.`);
    return 0;
  }
  io.out(`Imported ${areas.length} "not ours" area${areas.length === 1 ? '' : 's'} from ${file}, replacing those stored before.`);
  printAreas(io, areas);
  return 0;
}

async function list(io: CommandIo, repositories: Pick<Repositories, 'notOurs'>): Promise<number> {
  const areas = await repositories.notOurs.list();
  if (areas.length === 0) {
    io.out('No "not ours" areas: every place is reported as usual. Import some with: npm run admin -- not-ours import FILE.geojson');
    return 0;
  }
  printAreas(io, areas);
  return 0;
}

function printAreas(io: CommandIo, areas: readonly NotOursArea[]): void {
  printTable(io, [
    ['ID', 'NAME', 'ALLOWED SERVICE CODES', 'URL'],
    ...areas.map((area) => [area.id, area.name, area.allowedServiceCodes.length > 0 ? area.allowedServiceCodes.join(',') : '(none)', area.url ?? '']),
  ]);
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, notOursUsage, problem);

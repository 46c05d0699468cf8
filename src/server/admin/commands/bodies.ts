import { parseBodyFile } from '../../bodies/body-file';
import type { BodyRecord, Repositories } from '../../storage/repositories/types';
import { isHelp, printTable, readCheckedFile, usageError as usageOf, type CommandIo } from '../io';
import { listSends, retrySends } from './body-sends';

export const bodiesUsage = `Usage: npm run admin -- bodies <command>

  bodies import FILE.geojson  add or replace (by id) the bodies of a GeoJSON FeatureCollection,
                              one Feature per body: properties { id, jurisdiction_id,
                              name: { fi, sv, en }, services: [codes], send? } and a Polygon or
                              MultiPolygon area. The whole file is checked first; nothing is
                              stored unless every body is valid. The format: README, "Bodies".
  bodies list                 list bodies (id, jurisdiction_id, names, service types, send method)
  bodies remove ID            remove a body and its service list; its requests keep their body id
  bodies sends [--failed]     reports on their way to bodies' case systems, given up first, then
                              pending: request id, body, method, state, attempts, next attempt
                              (a send an instance holds: "leased until HH:MM:SS", TZ_NAME's time)
                              and the case system's last error (never a key, contact or text);
                              then each body's poll an instance holds, and until when
  bodies retry REQUEST_ID|--all  send a given-up report (or every one) again, due now, with
                              fresh attempts: after fixing the body's send settings or its
                              case system

With no bodies, Kerro serves one jurisdiction (JURISDICTION_ID).`;

/** `bodies` group of the admin CLI: 0 done, 1 refused, 2 bad usage. A body's send settings may hold a key, so only their method is ever printed. */
export async function bodiesCommand(
  args: readonly string[],
  io: CommandIo,
  repositories: Pick<Repositories, 'bodies' | 'serviceTypes' | 'forwards'>,
  now: number,
  timeZone: string,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'import':
      return rest.length === 1 ? importFile(rest[0]!, io, repositories) : usageError(io, 'bodies import takes one FILE.geojson.');
    case 'list':
      return rest.length === 0 ? list(io, repositories) : usageError(io, 'bodies list takes no arguments.');
    case 'remove':
      return rest.length === 1 ? remove(rest[0]!, io, repositories) : usageError(io, 'bodies remove takes one ID.');
    case 'sends':
      return rest.length === 0 || (rest.length === 1 && rest[0] === '--failed')
        ? listSends(io, repositories.forwards, { now, timeZone }, rest.length === 1)
        : usageError(io, 'bodies sends takes nothing, or --failed for the given-up sends only.');
    case 'retry': {
      const [target] = rest;
      return rest.length === 1 && (target === '--all' || !target!.startsWith('-'))
        ? retrySends(io, repositories.forwards, now, target === '--all' ? undefined : target)
        : usageError(io, 'bodies retry takes one REQUEST_ID (from bodies sends --failed) or --all.');
    }
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown bodies command "${command}".`);
  }
}

async function importFile(file: string, io: CommandIo, repositories: Pick<Repositories, 'bodies' | 'serviceTypes'>): Promise<number> {
  const stored = await repositories.bodies.list();
  const serviceCodes = new Set((await repositories.serviceTypes.list()).map((type) => type.service_code));
  const checked = await readCheckedFile(file, io, (text) => parseBodyFile(file, text, { serviceCodes, storedBodies: stored }));
  if (!checked) return 1;
  const { bodies } = checked;
  await repositories.bodies.importAll(bodies);
  const storedIds = new Set(stored.map((body) => body.id));
  const replaced = bodies.filter((body) => storedIds.has(body.id)).length;
  io.out(`Imported ${bodies.length} bod${bodies.length === 1 ? 'y' : 'ies'} from ${file}: ${bodies.length - replaced} new, ${replaced} replaced.`);
  printBodies(io, bodies);
  return 0;
}

async function list(io: CommandIo, repositories: Pick<Repositories, 'bodies'>): Promise<number> {
  const bodies = await repositories.bodies.list();
  if (bodies.length === 0) {
    io.out('No bodies: Kerro serves one jurisdiction (JURISDICTION_ID). Import some with: npm run admin -- bodies import FILE.geojson');
    return 0;
  }
  printBodies(io, bodies);
  return 0;
}

async function remove(id: string, io: CommandIo, repositories: Pick<Repositories, 'bodies'>): Promise<number> {
  const body = await repositories.bodies.find(id);
  if (!body || !(await repositories.bodies.remove(id))) {
    io.err(`No body has the id "${id}". See: npm run admin -- bodies list`);
    return 1;
  }
  io.out(`Removed body ${body.id} (${body.jurisdiction_id}, ${body.names.en}) and its service list; its requests keep their body id.`);
  return 0;
}

function printBodies(io: CommandIo, bodies: readonly BodyRecord[]): void {
  printTable(io, [
    ['ID', 'JURISDICTION_ID', 'NAMES (fi / sv / en)', 'SERVICE TYPES', 'SEND'],
    // The method only: the other send settings may hold a key or an endpoint's credentials.
    ...bodies.map((body) => [body.id, body.jurisdiction_id, `${body.names.fi} / ${body.names.sv} / ${body.names.en}`, String(body.services.length), body.send.method]),
  ]);
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, bodiesUsage, problem);

import { parseAssetLayerFile, readAssetLayers, replaceAssetLayers, type AssetLayer } from '../../assets/asset-layers';
import type { Repositories } from '../../storage/repositories/types';
import { isHelp, printTable, readCheckedFile, usageError as usageOf, type CommandIo } from '../io';

export const assetsUsage = `Usage: npm run admin -- assets <command>

  assets import FILE.json  replace every asset layer with those of the file: { "asset_layers": [ {
                           id, names: { fi, sv, en }, source: { kind: "ogc-api-features", url,
                           collection } or { kind: "wfs", url, type_name, output_format? },
                           key?: { query_parameter, value }, id_property, show: [properties],
                           send: { attribute code: property }, min_zoom?, required?,
                           service_codes: [codes] } ] }. The whole file is checked first (every
                           service code known, each type in one layer at most, every "send" code a
                           question of the type); nothing is stored unless every layer is valid.
                           { "asset_layers": [] } removes them all. The format, with a worked
                           example: README, "Asset layers".
  assets list              list the layers (id, kind, service codes, zoom, required); never a key

The server fetches a layer's features from the city's service for the map's box; the browser
never talks to that service.`;

type AssetRepositories = Pick<Repositories, 'settings' | 'serviceTypes'>;

/** `assets` group of the admin CLI: 0 done, 1 refused, 2 bad usage. */
export async function assetsCommand(args: readonly string[], io: CommandIo, repositories: AssetRepositories): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'import':
      return rest.length === 1 ? importFile(rest[0]!, io, repositories) : usageError(io, 'assets import takes one FILE.json.');
    case 'list':
      return rest.length === 0 ? list(io, repositories) : usageError(io, 'assets list takes no arguments.');
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown assets command "${command}".`);
  }
}

async function importFile(file: string, io: CommandIo, repositories: AssetRepositories): Promise<number> {
  const serviceTypes = await repositories.serviceTypes.list();
  const checked = await readCheckedFile(file, io, (text) => parseAssetLayerFile(file, text, serviceTypes));
  if (!checked) return 1;
  const { layers } = checked;
  await replaceAssetLayers(repositories.settings, layers);
  if (layers.length === 0) {
    io.out(`${file} has no layers: every asset layer was removed.`);
    return 0;
  }
  io.out(`Imported ${layers.length} asset layer${layers.length === 1 ? '' : 's'} from ${file}, replacing those stored before.`);
  printLayers(io, layers);
  return 0;
}

async function list(io: CommandIo, repositories: AssetRepositories): Promise<number> {
  const layers = await readAssetLayers(repositories.settings);
  if (layers.length === 0) {
    io.out('No asset layers: reports are placed by a pin alone. Import some with: npm run admin -- assets import FILE.json');
    return 0;
  }
  printLayers(io, layers);
  return 0;
}

function printLayers(io: CommandIo, layers: readonly AssetLayer[]): void {
  printTable(io, [
    ['ID', 'KIND', 'SERVICE CODES', 'FROM ZOOM', 'REQUIRED'],
    ...layers.map((layer) => [layer.id, layer.source.kind, layer.service_codes.join(','), String(layer.min_zoom), layer.required ? 'yes' : 'no']),
  ]);
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, assetsUsage, problem);

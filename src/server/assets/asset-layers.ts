/**
 * Asset layers (issue 42, item 2): which service types' reports are about one of the city's own
 * assets, where the city's map service publishes them (an OGC API - Features collection or a WFS
 * 2.0 feature type with GeoJSON output), what names an asset and which of the type's questions a
 * picked asset answers. This installation's configuration, kept whole as one setting and replaced
 * by `admin assets import FILE` (../admin/commands/assets.ts) only when every layer is valid.
 */
import { z } from 'zod';
import type { SupportedLocale } from '../../shared/locales';
import type { AssetLayerWire } from '../../shared/assets/wire';
import type { ServiceTypeRecord, SettingsRepository } from '../storage/repositories/core';

const settingName = 'asset_layers';

const identifier = z
  .string({ error: 'needs text' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const name = z.string({ error: 'needs a name' }).trim().min(1, 'needs a name').max(200, 'is longer than 200 characters');
const property = z.string({ error: 'needs a property name' }).min(1, 'needs a property name').max(100, 'is longer than 100 characters');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });

const sourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('ogc-api-features'), url: httpUrl, collection: z.string({ error: 'needs the collection id' }).min(1, 'needs the collection id') }),
    z.strictObject({
      kind: z.literal('wfs'),
      url: httpUrl,
      type_name: z.string({ error: 'needs the feature type name' }).min(1, 'needs the feature type name'),
      // GeoServer names GeoJSON "application/json"; MapServer as its mapfile's OUTPUTFORMAT says.
      output_format: z.string().min(1).default('application/json'),
    }),
  ],
  { error: 'needs { "kind": "ogc-api-features", "url", "collection" } or { "kind": "wfs", "url", "type_name", "output_format"? }' },
);

export const assetLayerSchema = z.strictObject({
  id: identifier,
  names: z.strictObject({ fi: name, sv: name, en: name }, { error: 'needs the layer\'s name in fi, sv and en: { "fi": …, "sv": …, "en": … }' }),
  source: sourceSchema,
  /** A key the city's service needs, sent as this query parameter: only ever from the server to that service. */
  key: z.strictObject({ query_parameter: z.string().min(1, 'needs the parameter name'), value: z.string().min(1, 'needs the key') }).optional(),
  id_property: property,
  show: z.array(property).max(10, 'shows at most 10 properties').default([]),
  send: z.record(z.string().min(1), property).default({}),
  min_zoom: z.number({ error: 'must be a zoom level from 12 to 20' }).int('must be a whole zoom level').min(12, 'must be 12 or more: below it a box holds too many assets').max(20, 'must be 20 or less').default(16),
  required: z.boolean({ error: 'must be true or false' }).default(false),
  service_codes: z.array(z.string().trim().min(1), { error: 'needs the service codes whose reports are about one of its assets' }).min(1, 'needs at least one service code'),
});

export type AssetLayer = z.output<typeof assetLayerSchema>;

const fileSchema = z.strictObject({ asset_layers: z.array(z.unknown()) }, { error: 'must be { "asset_layers": [ … ] }' });

/** Reads and checks an asset layer file against the installation's service types; `source` names the file in the problems. */
export function parseAssetLayerFile(source: string, text: string, serviceTypes: readonly ServiceTypeRecord[]): { layers: AssetLayer[]; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { layers: [], problems: [`${source}: not valid JSON (${(error as Error).message})`] };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) return { layers: [], problems: [`${source}: ${file.error.issues[0]?.message ?? 'not an asset layer file'}`] };
  const types = new Map(serviceTypes.map((type) => [type.service_code, type]));
  const problems: string[] = [];
  const layers: AssetLayer[] = [];
  const layerOfCode = new Map<string, string>();
  const ids = new Set<string>();
  file.data.asset_layers.forEach((raw, index) => {
    const parsed = assetLayerSchema.safeParse(raw);
    const rawId = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : undefined;
    const label = `${source}: asset_layers[${index}]${rawId === undefined ? '' : ` (${rawId})`}`;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${label}: ${issue.path.map(String).join('.') || '(layer)'}: ${issue.message}`);
      return;
    }
    const layer = parsed.data;
    if (ids.has(layer.id)) problems.push(`${label}: id: "${layer.id}" is another layer's id too; each needs its own`);
    ids.add(layer.id);
    for (const code of layer.service_codes) {
      const type = types.get(code);
      if (!type) {
        problems.push(`${label}: service_codes: unknown service code "${code}" (not a service type of this installation)`);
        continue;
      }
      const other = layerOfCode.get(code);
      if (other !== undefined) problems.push(`${label}: service_codes: "${code}" already has the layer ${other}; a type has one asset layer`);
      layerOfCode.set(code, layer.id);
      const questions = new Set(type.attributes.map((attribute) => attribute.code));
      for (const attribute of Object.keys(layer.send)) {
        if (!questions.has(attribute)) problems.push(`${label}: send: "${attribute}" is not a question (attribute code) of service type ${code}; add it to the type's attributes`);
      }
    }
    layers.push(layer);
  });
  return problems.length > 0 ? { layers: [], problems } : { layers, problems };
}

export async function readAssetLayers(settings: SettingsRepository): Promise<AssetLayer[]> {
  const stored = await settings.get(settingName);
  return stored === undefined ? [] : z.array(assetLayerSchema).parse(JSON.parse(stored));
}

export async function replaceAssetLayers(settings: SettingsRepository, layers: readonly AssetLayer[]): Promise<void> {
  await settings.set(settingName, JSON.stringify(layers));
}

/** What the app sees of a layer: never where its features come from nor its key. */
export const assetLayerWire = (layer: AssetLayer, locale: SupportedLocale): AssetLayerWire => ({
  id: layer.id,
  name: layer.names[locale],
  service_codes: [...layer.service_codes],
  min_zoom: layer.min_zoom,
  required: layer.required,
  id_property: layer.id_property,
  show: [...layer.show],
  send: { ...layer.send },
});

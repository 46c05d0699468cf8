/**
 * The city's own assets a report is about (issue 42, item 2): the asset layer of the chosen type
 * (`/proxy/bodies/v1/asset-layers.json`) and its assets in the map's box, which the server fetches
 * from the city's map service. Answers are read by hand, keeping only what is usable, so no
 * schema library rides in the report page's chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { AssetLayerWire } from '@/shared/assets/wire';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';

export type AssetLayer = AssetLayerWire;

export interface Asset {
  id: string;
  lat: number;
  long: number;
  /** The layer's shown and sent properties, as text ('' for none). */
  properties: Record<string, string>;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseLayers(body: unknown): AssetLayer[] {
  if (!Array.isArray(body)) return [];
  return body.filter(isRecord).flatMap((item) =>
    isText(item.id) && isText(item.name) && Array.isArray(item.service_codes) && typeof item.min_zoom === 'number' && isText(item.id_property)
      ? [
          {
            id: item.id,
            name: item.name,
            service_codes: item.service_codes.filter(isText),
            min_zoom: item.min_zoom,
            required: item.required === true,
            id_property: item.id_property,
            show: Array.isArray(item.show) ? item.show.filter(isText) : [],
            send: isRecord(item.send) ? Object.fromEntries(Object.entries(item.send).filter((entry): entry is [string, string] => isText(entry[1]))) : {},
          },
        ]
      : [],
  );
}

/** The assets in a box, and whether they are all of them (the city had no more than one answer holds). */
export interface AssetsInBox {
  assets: Asset[];
  complete: boolean;
}

function parseAssets(body: unknown): AssetsInBox {
  const features = isRecord(body) && Array.isArray(body.features) ? body.features : [];
  const assets = features.filter(isRecord).flatMap((feature) => {
    const coordinates = isRecord(feature.geometry) ? feature.geometry.coordinates : undefined;
    if (!isText(feature.id) || !Array.isArray(coordinates) || typeof coordinates[0] !== 'number' || typeof coordinates[1] !== 'number') return [];
    const properties = Object.fromEntries(Object.entries(isRecord(feature.properties) ? feature.properties : {}).map(([name, value]) => [name, value === null || value === undefined ? '' : String(value)]));
    return [{ id: feature.id, long: coordinates[0], lat: coordinates[1], properties }];
  });
  return { assets, complete: !isRecord(body) || body.complete !== false };
}

/** The asset layer of a type, if it has one; none before a type is chosen or while unknown. */
export function useAssetLayerFor(serviceCode: string, locale: SupportedLocale): AssetLayer | undefined {
  const { data } = useQuery({
    queryKey: ['asset-layers', locale],
    queryFn: async ({ signal }) => parseLayers(await api.get(`${paths.proxyBodies}/asset-layers.json`, { query: { locale }, signal })),
    enabled: serviceCode !== '',
    staleTime: 10 * 60_000,
    // Without the list, the pin alone places the report, as before there were layers.
    retry: 1,
  });
  return serviceCode === '' ? undefined : data?.find((layer) => layer.service_codes.includes(serviceCode));
}

/** Four decimals (about 10 m), outwards: a pan of a few pixels is the same question. */
const outwards = (box: Box): Box => ({
  west: Math.floor(box.west * 1e4) / 1e4,
  south: Math.floor(box.south * 1e4) / 1e4,
  east: Math.ceil(box.east * 1e4) / 1e4,
  north: Math.ceil(box.north * 1e4) / 1e4,
});

/** The layer's assets in the map's box; held back while the map is zoomed out past the layer's zoom (`box` undefined). */
export function useAssetsIn(layer: AssetLayer | undefined, box: Box | undefined) {
  const asked = box ? outwards(box) : undefined;
  return useQuery({
    queryKey: ['assets', layer?.id, asked?.west, asked?.south, asked?.east, asked?.north],
    queryFn: async ({ signal }) =>
      parseAssets(
        await api.get(`${paths.proxyBodies}/asset-layers/${encodeURIComponent(layer!.id)}/features.json`, {
          query: { bbox: [asked!.west, asked!.south, asked!.east, asked!.north].join(',') },
          signal,
        }),
      ),
    enabled: layer !== undefined && asked !== undefined,
    staleTime: 5 * 60_000,
    // The last box's assets stay drawn while the next box's come.
    placeholderData: (previous) => previous,
    retry: 1,
  });
}

import type { Asset, AssetLayer } from '../api/asset-layers';

/** An asset as a resident reads it: its id, then what the layer shows of it ("SL-1001 · Hämeentie 30 · LED"). */
export function assetTitle(asset: Asset, layer?: Pick<AssetLayer, 'show'>): string {
  const shown = (layer?.show ?? Object.keys(asset.properties)).map((name) => asset.properties[name] ?? '').filter((value) => value !== '' && value !== asset.id);
  return [asset.id, ...shown].join(' · ');
}

/**
 * The assets nearest a point, nearest first: by distance on a plane scaled by the latitude's
 * cosine, close enough over a street map's few hundred metres.
 */
export function nearestAssets(assets: readonly Asset[], to: { lat: number; long: number }, count: number): Asset[] {
  const scale = Math.cos((to.lat * Math.PI) / 180);
  const distance = (asset: Asset) => (asset.lat - to.lat) ** 2 + ((asset.long - to.long) * scale) ** 2;
  return [...assets].sort((a, b) => distance(a) - distance(b)).slice(0, count);
}

/** The answers a picked asset gives: each question the layer sends, from its property. */
export function answersOfAsset(layer: Pick<AssetLayer, 'send'>, asset: Asset): Record<string, string> {
  return Object.fromEntries(Object.entries(layer.send).map(([code, property]) => [code, asset.properties[property] ?? '']));
}

/** Which asset the answers name: the question the layer fills from its id property, if any. */
export function chosenAssetId(layer: Pick<AssetLayer, 'send' | 'id_property'>, answers: Record<string, string | string[]>): string | null {
  const code = Object.entries(layer.send).find(([, property]) => property === layer.id_property)?.[0];
  const value = code === undefined ? undefined : answers[code];
  return typeof value === 'string' && value !== '' ? value : null;
}

import { useTranslation } from 'react-i18next';
import type { Asset, AssetLayer } from '../api/asset-layers';
import { assetTitle, nearestAssets } from '../lib/assets';
import type { LatLong } from '../lib/place';

/** How many of the nearest assets the list offers: the keyboard's and screen reader's way to them. */
const listed = 5;

export type AssetsInView = { status: 'zoom-in' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; assets: readonly Asset[]; complete: boolean };

export interface AssetChoiceProps {
  layer: AssetLayer;
  inView: AssetsInView;
  /** The pin, or the map's centre before there is one: the list is of the assets nearest it. */
  near: LatLong;
  chosenId: string | null;
  onChoose: (asset: Asset) => void;
}

/**
 * Under the report map when the chosen type has an asset layer: which asset the report is about
 * (chosen on the map or here), or what to do to see them. The same assets as the map's markers.
 */
export function AssetChoice({ layer, inView, near, chosenId, onChoose }: AssetChoiceProps) {
  const { t } = useTranslation('report');
  const names = { layer: layer.name };
  // Named by its answers; described when it is among those in view.
  const chosen = inView.status === 'ready' ? inView.assets.find((asset) => asset.id === chosenId) : undefined;
  return (
    <div className="asset-choice">
      {chosenId ? <p className="asset-choice__chosen">{t('assets.chosen', { title: chosen ? assetTitle(chosen, layer) : chosenId })}</p> : null}
      {inView.status === 'zoom-in' ? <p className="location-step__instructions">{t('assets.zoomIn', names)}</p> : null}
      {inView.status === 'loading' ? <p className="location-step__instructions">{t('assets.loading', names)}</p> : null}
      {inView.status === 'failed' ? <p className="notice">{t('assets.failed', names)}</p> : null}
      {inView.status === 'ready' && inView.assets.length === 0 ? <p className="location-step__instructions">{t('assets.none', names)}</p> : null}
      {inView.status === 'ready' && inView.assets.length > 0 ? (
        <>
          <p className="location-step__instructions">
            {t(layer.required ? 'assets.pickRequired' : 'assets.pick', names)}
            {inView.complete ? null : ` ${t('assets.incomplete')}`}
          </p>
          <ul className="asset-choice__list">
            {nearestAssets(inView.assets, near, listed).map((asset) => (
              <li key={asset.id}>
                <button type="button" className="link-button" aria-pressed={asset.id === chosenId} onClick={() => onChoose(asset)}>
                  {t('assets.choose', { title: assetTitle(asset, layer) })}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';

/** What the marker shapes mean: status is told by shape as well as colour. */
export function MapLegend({ showCounters }: { showCounters: boolean }) {
  const { t } = useTranslation('map');
  return (
    <div className="map-legend">
      <h2 className="map-legend__title">{t('legend.title')}</h2>
      <ul className="map-legend__list">
        <li>
          <span className="map-legend__swatch map-legend__swatch--open" aria-hidden="true" />
          {t('legend.open')}
        </li>
        <li>
          <span className="map-legend__swatch map-legend__swatch--closed" aria-hidden="true" />
          {t('legend.closed')}
        </li>
        <li>
          <span className="map-legend__swatch map-legend__swatch--cluster" aria-hidden="true" />
          {t('legend.cluster')}
        </li>
        {showCounters ? (
          <>
            <li>
              <span className="map-legend__swatch map-legend__swatch--counter" aria-hidden="true" />
              {t('legend.counter')}
            </li>
            <li>
              <span className="map-legend__swatch map-legend__swatch--counter-idle" aria-hidden="true" />
              {t('legend.counterIdle')}
            </li>
            <li>
              <span className="map-legend__swatch map-legend__swatch--counter-cluster" aria-hidden="true" />
              {t('legend.counterCluster')}
            </li>
          </>
        ) : null}
      </ul>
      <p className="map-legend__hint">{t('legend.hint')}</p>
    </div>
  );
}

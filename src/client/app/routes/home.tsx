/**
 * The home page: published requests (and, on request, traffic counters) on a map and as a list.
 * The URL holds what is shown (use-home-search), the data comes as map layers (use-map-layers),
 * and the parts of the page are in ./home/.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { everyServiceType, useServiceList } from '../../api/get-service-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { currentLanguage } from '../../lib/i18n';
import { UnlocatedCounters } from '../../features/counters/components/unlocated-counters';
import { MapTabs } from '../../features/map/components/map-tabs';
import { MapArea } from './home/map-area';
import { MapFilters } from './home/map-filters';
import { MapLists } from './home/map-lists';
import { MapStatus } from './home/map-status';
import { useHomeSearch } from './home/use-home-search';
import { useMapLayers } from './home/use-map-layers';
import '../../styles/map.css';
import '../../styles/counters.css';

export function HomeRoute() {
  const { t, i18n } = useTranslation('map');
  const language = currentLanguage(i18n);
  useDocumentTitle(t('page.title'));
  const instructionsId = useId();
  const [tilesFailed, setTilesFailed] = useState(false);

  const search = useHomeSearch();
  const serviceTypes = useServiceList({ locale: language, select: everyServiceType });
  const layers = useMapLayers(language, search);

  return (
    <div className="page page--map">
      <div className="map-page__header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="map-page__intro">{t('page.intro')}</p>
        </div>
        <div className="map-page__actions">
          <Link to="/report" className="button button--primary map-page__report">
            {t('page.report')}
          </Link>
          <Link to="/counters" className="map-page__counters-link">
            {t('page.countersTable')}
          </Link>
        </div>
      </div>

      <MapFilters search={search} serviceTypes={serviceTypes.data ?? []} counterSources={layers.counterSources} />

      <MapStatus search={search} layers={layers} tilesFailed={tilesFailed} />

      <MapTabs
        tab={search.tab}
        onTabChange={search.changeTab}
        map={<MapArea search={search} layers={layers} instructionsId={instructionsId} onTilesFailed={() => setTilesFailed(true)} />}
        list={<MapLists search={search} layers={layers} headingIdBase={instructionsId} />}
      />

      {search.counterSearch.enabled && layers.countersQuery.isSuccess ? (
        <UnlocatedCounters counters={layers.counterLayer.unlocated} headingId={`${instructionsId}-unlocated`} />
      ) : null}
    </div>
  );
}

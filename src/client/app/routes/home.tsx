/**
 * The home page: published requests (and, on request, traffic counters) on a map and as a list.
 * Map first: the bar and the map fill the first screen (on a phone the status, the filters and
 * the map key follow under the map; on a wide screen they are a column beside it), and the page's
 * explanation waits under the map in a disclosure. The URL holds what is shown (use-home-search),
 * the data comes as map layers (use-map-layers), and the parts of the page are in ./home/.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceType } from '../../../shared/georeport/types';
import type { MapView } from '../../../shared/map/map-view';
import { clientEnv } from '../../lib/env';
import { everyServiceType, useServiceList } from '../../api/get-service-list';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { currentLanguage } from '../../lib/i18n';
import { UnlocatedCounters } from '../../features/counters/components/unlocated-counters';
import { MapTabs } from '../../features/map/components/map-tabs';
import { AboutMap } from './home/about-map';
import { DetailsAside } from './home/details-aside';
import { MapArea } from './home/map-area';
import { MapFilters } from './home/map-filters';
import { MapStatus } from './home/map-status';
import { useHomeSearch } from './home/use-home-search';
import { useMapLayers } from './home/use-map-layers';
import '../../styles/map.css';
import '../../styles/map-first.css';
import '../../styles/counters.css';

/** "Email me new reports here": the alerts page for the map's centre as the URL has it, else the default centre. */
function alertsLink(view: MapView | null): string {
  const [lat, long] = view ? [view.lat, view.long] : clientEnv().mapCenter;
  return `/alerts/new?lat=${lat.toFixed(5)}&long=${long.toFixed(5)}`;
}

/** The filter form's list while the service list loads: one array, so the memoised form keeps it. */
const NO_SERVICE_TYPES: readonly ServiceType[] = [];

// The list tab's code comes when the list is first shown: the map is what the first screen needs.
const MapLists = lazy(() => import('./home/map-lists'));

export function HomeRoute() {
  const { t, i18n } = useTranslation('map');
  const language = currentLanguage(i18n);
  useDocumentTitle(t('page.title'));
  const instructionsId = useId();
  const [tilesFailed, setTilesFailed] = useState(false);

  const search = useHomeSearch();
  const serviceTypes = useServiceList({ locale: language, select: everyServiceType });
  const layers = useMapLayers(language, search);
  const [listOpened, setListOpened] = useState(search.tab === 'list');
  if (search.tab === 'list' && !listOpened) setListOpened(true);

  return (
    <div className="page page--map">
      <div className="map-screen">
        <div className="map-screen__first">
          <div className="map-page__bar">
            <h1 className="map-page__title">{t('page.title')}</h1>
            <Link to="/report" className="button button--primary map-page__report">
              {t('page.report')}
            </Link>
          </div>
          <MapTabs
            tab={search.tab}
            onTabChange={search.changeTab}
            map={<MapArea search={search} layers={layers} instructionsId={instructionsId} onTilesFailed={() => setTilesFailed(true)} />}
            list={
              listOpened ? (
                <Suspense fallback={<LoadingNotice message={t('status.loading')} />}>
                  <MapLists search={search} layers={layers} headingIdBase={instructionsId} />
                </Suspense>
              ) : null
            }
          />
        </div>
        {/* Beside the map on a wide screen: one column that scrolls as a whole (styles/map-first.css). */}
        <div className="map-screen__column">
          <div className="map-screen__side">
            <p className="map-page__alerts">
              <Link to={alertsLink(search.view)}>{t('page.alerts')}</Link>
            </p>
            <MapStatus search={search} layers={layers} tilesFailed={tilesFailed} />
            <MapFilters search={search} serviceTypes={serviceTypes.data ?? NO_SERVICE_TYPES} counterSources={layers.counterSources} />
          </div>
          <DetailsAside search={search} layers={layers} />
        </div>
      </div>

      <AboutMap />

      {search.counterSearch.enabled && layers.countersQuery.isSuccess ? (
        <UnlocatedCounters counters={layers.counterLayer.unlocated} headingId={`${instructionsId}-unlocated`} />
      ) : null}
    </div>
  );
}

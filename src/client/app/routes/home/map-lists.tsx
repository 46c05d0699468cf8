import { useTranslation } from 'react-i18next';
import { CounterList } from '../../../features/counters/components/counter-list';
import { RequestList } from '../../../features/map/components/request-list';
import type { HomeSearch } from './use-home-search';
import type { MapLayers } from './use-map-layers';

/** The list tab of the home page: the map's text alternative, with a way back to each item on the map. */
export default function MapLists({ search, layers, headingIdBase }: { search: HomeSearch; layers: MapLayers; headingIdBase: string }) {
  const { t } = useTranslation('map');
  const { t: tc } = useTranslation('counters');
  return (
    <div className="map-lists">
      <section aria-labelledby={`${headingIdBase}-requests`}>
        <h2 id={`${headingIdBase}-requests`}>{t('list.requestsHeading')}</h2>
        <RequestList
          requests={layers.requests}
          onShowOnMap={(request) => {
            const point = layers.requestLayer.points.find((item) => item.id === request.service_request_id);
            if (point) search.showOnMap('request', request.service_request_id, point);
          }}
        />
      </section>
      {search.counterSearch.enabled ? (
        <section aria-labelledby={`${headingIdBase}-counters`}>
          <h2 id={`${headingIdBase}-counters`}>{tc('list.heading')}</h2>
          <CounterList
            counters={layers.shownCounters}
            emptyText={layers.countersQuery.isSuccess ? tc('list.empty') : tc('progress.starting')}
            onShowOnMap={(counter) => counter.location && search.showOnMap('counter', String(counter.id), counter.location)}
          />
        </section>
      ) : null}
    </div>
  );
}

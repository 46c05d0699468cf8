import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { CounterProgress } from '../../../features/counters/components/counter-progress';
import { RequestsSummary } from '../../../features/map/components/requests-summary';
import type { HomeSearch } from './use-home-search';
import type { MapLayers } from './use-map-layers';

/** Above the map: how the requests (and counters) are loading, or what failed, with a retry. */
export function MapStatus({ search, layers, tilesFailed }: { search: HomeSearch; layers: MapLayers; tilesFailed: boolean }) {
  const { t } = useTranslation('map');
  const { t: tc } = useTranslation('counters');
  const { requestsQuery, countersQuery } = layers;
  return (
    <div className="map-page__status">
      {requestsQuery.isError ? (
        <ErrorNotice
          message={t('errors.requests')}
          retryLabel={t('errors.retry')}
          onRetry={() => void requestsQuery.refetch()}
          retrying={requestsQuery.isFetching}
        />
      ) : requestsQuery.isPending && !requestsQuery.partial ? (
        <LoadingNotice message={t('status.loading')} />
      ) : (
        <RequestsSummary
          count={layers.requests.length}
          onMap={layers.requestLayer.points.length}
          dateWindow={search.dateWindow}
          complete={requestsQuery.partial ? true : (requestsQuery.data?.complete ?? true)}
          updating={requestsQuery.isFetching}
          loaded={requestsQuery.loaded}
        />
      )}
      {search.counterSearch.enabled ? (
        countersQuery.isError ? (
          <ErrorNotice
            message={tc('errors.load')}
            retryLabel={tc('errors.retry')}
            onRetry={() => void countersQuery.refetch()}
            retrying={countersQuery.isFetching}
          />
        ) : (
          <CounterProgress progress={countersQuery.progress} done={countersQuery.isSuccess} />
        )
      ) : null}
      {tilesFailed ? <p className="map-page__tiles-note">{t('status.tilesFailed')}</p> : null}
    </div>
  );
}

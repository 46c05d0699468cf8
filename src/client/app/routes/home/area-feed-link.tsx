import { useTranslation } from 'react-i18next';
import { areaFeedPath, feedRadiusForView, maxFeedRadiusMeters } from '@/shared/feeds';
import { openingView } from '@/shared/map/map-view';
import { FeedLink } from '../../../components/ui/feed-link';
import { clientEnv } from '../../../lib/env';
import type { HomeSearch } from './use-home-search';

/**
 * "Feed of reports here": the Atom feed of the place the map shows, the "near me" circle when one
 * is chosen, else the view's centre with a radius fitting its zoom. Always there (no request to
 * ask whether the service is Kerro's own, nothing appearing late to shift the page): the feeds
 * come from Kerro's own store, so with a city's OPEN311_URL this one is valid but empty.
 */
export function AreaFeedLink({ search }: { search: HomeSearch }) {
  const { t } = useTranslation('map');
  const near = search.filters.near;
  const env = clientEnv();
  const view = openingView(search.view, env.mapCenter, env.mapZoom);
  const area = near
    ? { lat: near.lat, long: near.long, radius: Math.min(near.radius, maxFeedRadiusMeters) }
    : { lat: view.lat, long: view.long, radius: feedRadiusForView(view) };
  return <FeedLink href={areaFeedPath(area)} label={t('page.feed')} className="map-page__feed" />;
}

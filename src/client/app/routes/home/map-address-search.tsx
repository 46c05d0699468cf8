import { lazy, Suspense } from 'react';
import type { HomeSearch } from './use-home-search';
// The text input's look (.input), shared with the forms.
import '../../../styles/forms.css';

// The search box and the geocoding client come after the first screen's own code.
const AddressSearch = lazy(() => import('../../../components/address-search').then((module) => ({ default: module.AddressSearch })));

/** How close the map comes to a chosen address: its street and the houses beside it. */
const ADDRESS_ZOOM = 17;

/**
 * "Street address or place" over the top of the map, as map sites have it: a choice moves the
 * map there (a history entry, so Back returns), where a click or tap then reports a problem.
 * Answers near the map's centre rank first.
 */
export function MapAddressSearch({ search }: { search: HomeSearch }) {
  const { view } = search;
  return (
    <div className="map-address-search">
      <Suspense fallback={null}>
        <AddressSearch
          hideHint
          focus={view ? { lat: view.lat, lon: view.long } : undefined}
          onChoose={(choice) => search.moveMapTo({ lat: choice.lat, long: choice.lon, zoom: ADDRESS_ZOOM })}
        />
      </Suspense>
    </div>
  );
}

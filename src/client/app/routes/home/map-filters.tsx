import type { ServiceType } from '@/shared/georeport/types';
import { CounterLayerControls } from '../../../features/counters/components/counter-layer-controls';
import { counterFilterCount } from '../../../features/counters/lib/counter-search';
import { FiltersPanel } from '../../../features/map/components/filters-panel';
import { RequestFiltersForm } from '../../../features/map/components/request-filters-form';
import { activeFilterCount } from '../../../features/map/lib/map-search';
import type { HomeSearch } from './use-home-search';

export interface MapFiltersProps {
  search: HomeSearch;
  serviceTypes: readonly ServiceType[];
  /** The counter sources to choose from (known once the counters are loaded). */
  counterSources: readonly string[];
}

/** The request filters and the counters layer with its filters, in one disclosure. */
export function MapFilters({ search, serviceTypes, counterSources }: MapFiltersProps) {
  const { counterSearch, changeCounterSearch } = search;
  return (
    <FiltersPanel activeCount={activeFilterCount(search.filters) + counterFilterCount(counterSearch)}>
      <RequestFiltersForm
        filters={search.filters}
        dateWindow={search.dateWindow}
        today={search.today}
        serviceTypes={serviceTypes}
        onChange={search.changeFilters}
        onNearMe={search.searchNearMe}
      />
      <CounterLayerControls
        enabled={counterSearch.enabled}
        onToggle={(enabled) => changeCounterSearch({ enabled, ...(enabled ? {} : { selectedId: null }) })}
        sources={counterSources}
        source={counterSearch.source}
        onSourceChange={(source) => changeCounterSearch({ source })}
        receiving={counterSearch.receiving}
        onReceivingChange={(receiving) => changeCounterSearch({ receiving })}
      />
    </FiltersPanel>
  );
}

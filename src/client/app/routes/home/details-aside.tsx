import { useTranslation } from 'react-i18next';
import { SidePanel } from './side-panel';
import type { HomeSearch } from './use-home-search';
import type { MapLayers } from './use-map-layers';

/**
 * The chosen request or counter, else the map key. On a phone a chosen item opens as a sheet over
 * the lower part of the map (styles/map-first.css), so it shows where the person tapped without
 * scrolling the map away; on a wide screen it is the bottom of the column beside the map.
 * Escape closes it.
 */
export function DetailsAside({ search, layers }: { search: HomeSearch; layers: MapLayers }) {
  const { t } = useTranslation('map');
  const chosen = Boolean(layers.selectedRequest || layers.selectedCounter);
  return (
    <aside
      className={chosen ? 'map-screen__details map-screen__details--chosen' : 'map-screen__details'}
      aria-label={t('panel.label')}
      onKeyDown={(keyEvent) => {
        if (keyEvent.key === 'Escape' && chosen) {
          keyEvent.preventDefault();
          search.closePanel();
        }
      }}
    >
      <SidePanel search={search} layers={layers} />
    </aside>
  );
}

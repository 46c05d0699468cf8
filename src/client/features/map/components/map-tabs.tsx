import { useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapTab } from '@/shared/map/map-view';

export interface MapTabsProps {
  tab: MapTab;
  onTabChange: (tab: MapTab) => void;
  map: ReactNode;
  list: ReactNode;
}

const order: MapTab[] = ['map', 'list'];

/**
 * Map or list: the same data two ways. The list is the map's text alternative, one Tab press
 * away for screen reader and keyboard users (WAI-ARIA tabs: arrows move between the tabs).
 * The hidden panel stays mounted, so the map keeps its state while the list is shown.
 */
export function MapTabs({ tab, onTabChange, map, list }: MapTabsProps) {
  const { t } = useTranslation('map');
  const baseId = useId();
  const buttons = useRef<Record<MapTab, HTMLButtonElement | null>>({ map: null, list: null });

  const onKeyDown = (keyEvent: ReactKeyboardEvent<HTMLButtonElement>) => {
    const index = order.indexOf(tab);
    const next =
      keyEvent.key === 'ArrowRight' ? order[(index + 1) % order.length] : keyEvent.key === 'ArrowLeft' ? order[(index + order.length - 1) % order.length] : keyEvent.key === 'Home' ? order[0] : keyEvent.key === 'End' ? order[order.length - 1] : undefined;
    if (!next) return;
    keyEvent.preventDefault();
    onTabChange(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="map-tabs">
      <div className="map-tabs__list" role="tablist" aria-label={t('tabs.label')}>
        {order.map((tabName) => (
          <button
            key={tabName}
            ref={(element) => {
              buttons.current[tabName] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tabName}-tab`}
            aria-controls={`${baseId}-${tabName}-panel`}
            aria-selected={tab === tabName}
            tabIndex={tab === tabName ? 0 : -1}
            className="map-tabs__tab"
            onClick={() => onTabChange(tabName)}
            onKeyDown={onKeyDown}
          >
            {t(`tabs.${tabName}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-map-panel`} aria-labelledby={`${baseId}-map-tab`} hidden={tab !== 'map'} className="map-tabs__panel map-tabs__panel--map">
        {map}
      </div>
      <div role="tabpanel" id={`${baseId}-list-panel`} aria-labelledby={`${baseId}-list-tab`} hidden={tab !== 'list'} className="map-tabs__panel map-tabs__panel--list">
        {list}
      </div>
    </div>
  );
}

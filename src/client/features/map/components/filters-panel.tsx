import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const WIDE_SCREEN = '(min-width: 48rem)';

function startsOpen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN).matches : true;
}

/**
 * The filters in a disclosure: open on wide screens, closed on phones so the map is in the
 * first screenful. The summary says how many filters are on, so a closed panel hides nothing.
 */
export function FiltersPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const { t } = useTranslation('map');
  const [isOpen, setIsOpen] = useState(startsOpen);
  return (
    <details className="map-filters-panel" open={isOpen} onToggle={(toggleEvent) => setIsOpen(toggleEvent.currentTarget.open)}>
      <summary className="disclosure map-filters-panel__summary">
        <h2 className="map-filters-panel__title">{t('filters.heading')}</h2>
        <span className="map-filters-panel__active">
          {activeCount === 0 ? t('filters.noneActive') : t('filters.active', { count: activeCount })}
        </span>
      </summary>
      <div className="map-filters-panel__body">{children}</div>
    </details>
  );
}

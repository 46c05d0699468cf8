import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { Counter } from '../lib/counter';
import { CounterFacts } from './counter-facts';
import { TrafficDisclosure } from './traffic-disclosure';

export interface CounterPanelProps {
  counter: Counter;
  onClose: () => void;
  takeFocus: boolean;
}

/** The side panel of the chosen counter. */
export function CounterPanel({ counter, onClose, takeFocus }: CounterPanelProps) {
  const { t } = useTranslation('counters');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) panel.current?.focus();
  }, [takeFocus, counter.id]);
  const name = counter.name || t('values.unnamed', { id: counter.id });
  return (
    <div className="map-panel" ref={panel} tabIndex={-1} aria-labelledby={titleId} role="group" data-counter-id={counter.id}>
      <div className="map-panel__bar">
        <p className="map-panel__kind">{t('panel.kind')}</p>
        <Button variant="secondary" className="map-panel__close" onClick={onClose}>
          {t('panel.close')}
        </Button>
      </div>
      <h2 id={titleId} className="counter-panel__title">
        {name}
      </h2>
      <CounterFacts counter={counter} />
      <TrafficDisclosure key={counter.id} counter={counter} counterName={name} />
      <p className="map-panel__link">
        <Link to={`/counters?q=${encodeURIComponent(String(counter.id))}`}>{t('panel.inTable')}</Link>
      </p>
    </div>
  );
}

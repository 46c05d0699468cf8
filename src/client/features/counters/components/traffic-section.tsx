import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { Counter } from '../lib/counter';
import { LazyCounterTraffic } from './lazy-counter-traffic';

export interface TrafficSectionProps {
  id: string;
  counter: Counter;
  counterName: string;
  onClose: () => void;
}

/**
 * The traffic of the counter chosen in the /counters table, below the table: at full width
 * rather than inside a wide, sideways-scrolling row. Its heading takes focus when it opens, so a
 * keyboard or screen reader user lands on it; closing hands focus back to the table.
 */
export function TrafficSection({ id, counter, counterName, onClose }: TrafficSectionProps) {
  const { t: tt } = useTranslation('traffic');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [counter.id]);
  return (
    <section id={id} className="traffic-section" aria-labelledby={`${id}-heading`} data-counter-id={counter.id}>
      <div className="traffic-section__bar">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="traffic-section__heading">
          {tt('toggle.headingFor', { name: counterName })}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {tt('toggle.close')}
        </Button>
      </div>
      <LazyCounterTraffic key={counter.id} counter={counter} counterName={counterName} />
    </section>
  );
}

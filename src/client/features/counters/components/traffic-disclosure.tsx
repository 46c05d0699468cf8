import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/traffic-toggle.css';
import { Button } from '../../../components/ui/button';
import type { Counter } from '../lib/counter';
import { LazyCounterTraffic } from './lazy-counter-traffic';

/**
 * "Show traffic" in the counter panel: the chart opens below the button, in the panel itself. A
 * counter that never stored an observation gets the sentence saying so, not a button to a chart
 * that cannot be drawn.
 */
export function TrafficDisclosure({ counter, counterName }: { counter: Counter; counterName: string }) {
  const { t: tt } = useTranslation('traffic');
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const headingId = useId();
  if (counter.lastStoredObservation === null) return <p className="traffic-disclosure traffic__none">{tt('noObservations')}</p>;
  return (
    <div className="traffic-disclosure">
      <Button variant="secondary" className="traffic-disclosure__toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? tt('toggle.hide') : tt('toggle.show')}
      </Button>
      <section id={regionId} aria-labelledby={headingId} hidden={!open}>
        <h3 id={headingId} className="traffic-disclosure__heading">
          {tt('toggle.heading')}
        </h3>
        {open ? <LazyCounterTraffic key={counter.id} counter={counter} counterName={counterName} /> : null}
      </section>
    </div>
  );
}

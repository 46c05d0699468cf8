import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Counter } from '../lib/counter';
import { LazyCounterTraffic } from './lazy-counter-traffic';

/** "Show traffic" in the counter panel: the chart opens below the button, in the panel itself. */
export function TrafficDisclosure({ counter, counterName }: { counter: Counter; counterName: string }) {
  // Its texts are in the counters namespace: the button shows before the traffic chunk loads.
  const { t } = useTranslation('counters');
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const headingId = useId();
  return (
    <div className="traffic-disclosure">
      <button type="button" className="button button--secondary traffic-disclosure__toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? t('traffic.hide') : t('traffic.show')}
      </button>
      <section id={regionId} aria-labelledby={headingId} hidden={!open}>
        <h3 id={headingId} className="traffic-disclosure__heading">
          {t('traffic.heading')}
        </h3>
        {open ? <LazyCounterTraffic key={counter.id} counter={counter} counterName={counterName} /> : null}
      </section>
    </div>
  );
}

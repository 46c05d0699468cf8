import { useEffect, useRef, useState } from 'react';
import { CHART_HEIGHT, lookOf } from '../lib/traffic-looks';
import type { TrafficSeries } from '../lib/traffic-series';

export interface TrafficChartProps {
  series: TrafficSeries;
  labels: readonly string[];
  unitLabel: string;
  localeTag: string;
  /** The id of the text naming the chart (the figure's caption). */
  labelledBy: string;
}

/**
 * The uPlot chart of one series, in a box the CSS holds at its final size, so nothing moves when
 * the chart library arrives (import(): it is in no page's first download). Redrawn as its box
 * changes width (a phone turned, the panel resized).
 */
export function TrafficChart({ series, labels, unitLabel, localeTag, labelledBy }: TrafficChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let cancelled = false;
    let cleanup = () => {};
    import('../lib/traffic-plot').then(
      ({ drawTrafficPlot }) => {
        if (cancelled) return;
        const plot = drawTrafficPlot(target, {
          series,
          labels,
          looks: labels.map((_, index) => lookOf(index)),
          unitLabel,
          localeTag,
          width: target.clientWidth,
          height: CHART_HEIGHT,
        });
        const observer = new ResizeObserver(() => plot.setWidth(target.clientWidth));
        observer.observe(target);
        setDrawn(true);
        cleanup = () => {
          observer.disconnect();
          plot.destroy();
        };
      },
      // The table below holds the same values; a chunk that fails to load leaves just the box.
      () => {},
    );
    return () => {
      cancelled = true;
      cleanup();
      setDrawn(false);
    };
  }, [series, labels, unitLabel, localeTag]);
  return <div ref={box} className="traffic-chart" role="img" aria-labelledby={labelledBy} data-drawn={drawn || undefined} />;
}

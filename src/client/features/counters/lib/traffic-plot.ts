/**
 * The one module that imports uPlot and its CSS: loaded with import() only when a traffic chart
 * opens, so neither is in any page's first download.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dateTimeFormat, numberFormat } from '../../../lib/intl-formats';
import type { TrafficSeries } from './traffic-series';

export interface TrafficPlotOptions {
  series: TrafficSeries;
  /** One colour and dash per direction, in the series' order. */
  looks: readonly { stroke: string; dash: number[] }[];
  labels: readonly string[];
  /** The y axis label: the unit in the UI language. */
  unitLabel: string;
  localeTag: string;
  width: number;
  height: number;
}

export interface TrafficPlot {
  setWidth: (width: number) => void;
  destroy: () => void;
}

const DAY_SECONDS = 86_400;

/** Draws the series into `target` (times in seconds, as uPlot's time scale wants them). */
export function drawTrafficPlot(target: HTMLElement, options: TrafficPlotOptions): TrafficPlot {
  const { series, looks, labels, unitLabel, localeTag, width, height } = options;
  const dayFormat = dateTimeFormat(localeTag, { day: 'numeric', month: 'numeric' });
  const hourFormat = dateTimeFormat(localeTag, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  const valueFormat = numberFormat(localeTag, { maximumFractionDigits: 1 });
  const axisLook = { stroke: '#1f2933', grid: { stroke: '#d5dbe1', width: 1 }, ticks: { stroke: '#9aa5b1', width: 1 } };
  const plot = new uPlot(
    {
      width,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, max > 0 ? max * 1.05 : 1] } },
      series: [
        {},
        ...labels.map((label, index) => ({
          label,
          stroke: looks[index]?.stroke ?? '#1f2933',
          dash: looks[index]?.dash ?? [],
          width: 2,
          points: { show: false },
        })),
      ],
      axes: [
        {
          ...axisLook,
          // Room for "Tue 08:00" between ticks, so labels never run into each other.
          space: 90,
          values: (_self, splits, _axis, _space, increment) =>
            splits.map((seconds) => (increment >= DAY_SECONDS ? dayFormat : hourFormat).format(seconds * 1000)),
        },
        { ...axisLook, label: unitLabel, size: 56, values: (_self, splits) => splits.map((value) => valueFormat.format(value)) },
      ],
    },
    [series.times.map((time) => time / 1000), ...series.values],
    target,
  );
  return {
    setWidth: (next) => plot.setSize({ width: next, height }),
    destroy: () => plot.destroy(),
  };
}

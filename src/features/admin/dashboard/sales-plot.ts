/**
 * Draws the sales chart with uPlot (canvas, no dependencies, about 21 KB gzipped). This module is imported only by
 * `sales-chart.tsx` through `import()`, so uPlot is a chunk of its own that the Dashboard fetches: the shop's pages
 * never carry it, and the admin chunk grows only by the section's own code. Revenue is bars on the left scale, the
 * number of paid orders a line on the right (its points hidden where days crowd); the numbers themselves are in the
 * section's summary and table.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface PlotInput {
  labels: readonly string[];
  revenue: readonly number[];
  orders: readonly number[];
  names: { revenue: string; orders: string };
}

/** The shop's brand red on the card is 5.3:1, its ink 15:1: both above WCAG's 3:1 for graphics. */
const BAR = '#b5452a';
const LINE = '#2b2118';
const AXIS = '#5f5246';
export const PLOT_HEIGHT = 240;

const compactRupiah = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
const wholeNumbers = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const upFromZero = (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, max > 0 ? max * 1.1 : 1];

export function drawSales(into: HTMLElement, input: PlotInput, width: number): uPlot {
  const n = input.labels.length;
  const axis = { stroke: AXIS, grid: { stroke: '#eee5d8', width: 1 }, ticks: { show: false } };
  const options: uPlot.Options = {
    width,
    height: PLOT_HEIGHT,
    cursor: { y: false, points: { show: false } },
    // sales-chart.tsx draws the legend in HTML, there before uPlot arrives.
    legend: { show: false },
    scales: {
      x: { time: false, range: [-0.5, n - 0.5] },
      rp: { range: upFromZero },
      n: { range: upFromZero },
    },
    axes: [
      { ...axis, grid: { show: false }, incrs: [1, 2, 3, 5, 7, 10], space: 44, values: (_u, splits) => splits.map((i) => input.labels[i] ?? '') },
      { ...axis, scale: 'rp', size: 64, values: (_u, splits) => splits.map((v) => compactRupiah.format(v)) },
      { ...axis, scale: 'n', side: 1, grid: { show: false }, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], values: (_u, splits) => splits.map((v) => wholeNumbers.format(v)) },
    ],
    series: [
      {},
      {
        label: input.names.revenue, scale: 'rp', stroke: BAR, fill: BAR, width: 0, points: { show: false },
        paths: uPlot.paths.bars!({ size: [0.7, 48] }),
      },
      { label: input.names.orders, scale: 'n', stroke: LINE, width: 2, points: { size: 6, fill: LINE } },
    ],
  };
  const xs = input.labels.map((_, i) => i);
  return new uPlot(options, [xs, [...input.revenue], [...input.orders]], into);
}

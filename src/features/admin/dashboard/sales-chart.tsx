/**
 * The canvas of the sales section. Hidden from screen readers: the summary and the table beside it say the same
 * numbers in words. uPlot arrives with `import()` the first time the Dashboard shows it (sales-plot.ts); where there
 * is no `matchMedia` (jsdom in the component tests, very old browsers) the canvas is left out and the words remain.
 */
import { useEffect, useRef } from 'react';
import type { PlotInput } from './sales-plot';

const canDraw = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

export function SalesChart({ input }: { input: PlotInput }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    let gone = false;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let resize: ResizeObserver | undefined;
    void import('./sales-plot').then(({ drawSales, PLOT_HEIGHT }) => {
      if (gone) return;
      plot = drawSales(el, input, el.clientWidth);
      // The tablet turned, or the panel changed width: the canvas follows the box.
      resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: PLOT_HEIGHT }));
      resize.observe(el);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [input]);
  return (
    <div className="sales-chart" aria-hidden="true">
      <div ref={box} className="sales-plot" />
      <p className="sales-legend">
        <span className="sales-key sales-key-bar" />
        {input.names.revenue}
        <span className="sales-key sales-key-line" />
        {input.names.orders}
      </p>
    </div>
  );
}

/**
 * The Dashboard's "sales at a glance": revenue and paid orders per day (30), week or month (12), and the best
 * sellers, from the tablet's own orders so it works offline (docs/admin.md). What the chart draws is said in words
 * too: a one-line summary an owner reads in a second, and the same numbers in a table behind 'Lihat tabel'.
 */
import { useMemo, useState } from 'react';
import { ADMIN_UI } from '../../../domain/admin-text';
import { formatCount, formatIDR } from '../../../domain/format';
import type { CustomDoc, TransactionDoc } from '../../../domain/schemas';
import { SalesChart } from './sales-chart';
import { axisLabel, bestBucket, bucketStarts, periodLabel, SALES_SPAN, salesBuckets, topProducts, type SalesScale } from './sales';

const T = ADMIN_UI.sales;
const SCALES: readonly SalesScale[] = ['day', 'week', 'month'];

export function SalesSection({ orders, custom }: { orders: readonly TransactionDoc[]; custom: readonly CustomDoc[] }) {
  const [scale, setScale] = useState<SalesScale>('day');
  // The day the Dashboard opened: the chart does not move under the owner's eyes at midnight.
  const [now] = useState(() => Date.now());
  const view = useMemo(() => {
    const buckets = salesBuckets([...orders, ...custom], scale, now);
    const { starts, end } = bucketStarts(scale, now);
    const label = (start: number) => periodLabel(scale, start, T.weekOf);
    return {
      buckets,
      label,
      best: bestBucket(buckets),
      revenue: buckets.reduce((sum, b) => sum + b.revenue, 0),
      count: buckets.reduce((sum, b) => sum + b.orders, 0),
      top: topProducts(orders, starts[0]!, end),
      plot: {
        labels: buckets.map((b) => axisLabel(scale, b.start)),
        revenue: buckets.map((b) => b.revenue),
        orders: buckets.map((b) => b.orders),
        names: { revenue: T.revenue, orders: T.orders },
      },
    };
  }, [orders, custom, scale, now]);
  const span = T.span[scale](SALES_SPAN[scale]);

  return (
    <section className="sales" aria-labelledby="sales-heading">
      <h2 id="sales-heading">{T.heading}</h2>
      <fieldset className="sales-scale">
        <legend>{T.scale}</legend>
        {SCALES.map((s) => (
          <label key={s}>
            <input type="radio" name="sales-scale" value={s} checked={scale === s} onChange={() => setScale(s)} />
            {T.scales[s]}
          </label>
        ))}
      </fieldset>
      <p className="sales-summary">
        {view.count === 0
          ? T.none(span)
          : view.best
            ? `${T.summary(span, formatIDR(view.revenue), view.count)}; ${T.best[scale]} ${view.label(view.best.start)} (${formatIDR(view.best.revenue)}).`
            : `${T.summary(span, formatIDR(view.revenue), view.count)}.`}
      </p>
      <p className="stat-note">{T.note}</p>
      <SalesChart input={view.plot} />
      <details className="sales-table">
        <summary>{T.table}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{span}</caption>
            <thead>
              <tr>
                <th scope="col">{T.period}</th>
                <th scope="col" className="num">{T.revenue}</th>
                <th scope="col" className="num">{T.orders}</th>
              </tr>
            </thead>
            <tbody>
              {view.buckets.map((b) => (
                <tr key={b.start}>
                  <th scope="row">{view.label(b.start)}</th>
                  <td className="num">{formatIDR(b.revenue)}</td>
                  <td className="num">{formatCount(b.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <h3>
        {T.top} · {span}
      </h3>
      {view.top.length === 0 ? (
        <p className="stat-note">{T.noTop}</p>
      ) : (
        <ol className="sales-top">
          {view.top.map((p, i) => (
            <li key={i}>
              {p.name}: {T.units(p.units)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

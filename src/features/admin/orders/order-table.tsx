/**
 * The admin's order tables (Pesanan and Custom share it): search box, status and date filters, one page of rows
 * and the page controls. Only one page is drawn, so 10,000 orders cost a filter pass, not 10,000 rows.
 */
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_UI } from '../../../domain/admin-text';
import { StatusOptions } from './order-popup';
import { filterOrders, NO_FILTER, pageOf, PAGE_SIZE, type OrderFilter, type OrderLike } from './order-list';

const T = ADMIN_UI;

export interface Column<R> {
  header: string;
  cell(row: R, index: number): ReactNode;
  className?: string;
}

/** A table of rows, their '#' counted from `first`; the header row is the columns' names. */
export function DataTable<R extends { id: string }>({ caption, columns, rows, first = 0 }: {
  caption: string;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[];
  first?: number;
}) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row, first + i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Before a row goes (Hapus, confirmed): focus moves to the same button of the next row (else the previous one), or,
 * with no row left, to the tab's search box, else its panel. Left on the removed button, focus fell to the page's
 * body and a keyboard or screen-reader user had to find their place again from the top.
 */
export function focusAfterRemoval(button: HTMLElement): void {
  const row = button.closest('tr');
  const cell = button.closest('td');
  if (row && cell) {
    const at = [...cell.querySelectorAll('button')].indexOf(button as HTMLButtonElement);
    const column = [...row.children].indexOf(cell);
    const siblings = (step: 'nextElementSibling' | 'previousElementSibling') => {
      const found: Element[] = [];
      for (let r = row[step]; r; r = r[step]) found.push(r);
      return found;
    };
    for (const other of [...siblings('nextElementSibling'), ...siblings('previousElementSibling')]) {
      const target = other.children[column]?.querySelectorAll('button')[at];
      if (target) return target.focus();
    }
  }
  const panel = button.closest<HTMLElement>('[role="tabpanel"]');
  (panel?.querySelector<HTMLElement>('input[type="search"]') ?? panel)?.focus();
}

function Filters({ filter, onChange }: { filter: OrderFilter; onChange(f: OrderFilter): void }) {
  const set = (part: Partial<OrderFilter>) => onChange({ ...filter, ...part });
  const search = useRef<HTMLInputElement>(null);
  const dirty = filter.query !== '' || filter.status !== null || filter.from !== '' || filter.to !== '';
  return (
    <div className="admin-filters" role="search">
      <label className="field admin-search">
        <span>{T.search}</span>
        <input ref={search} type="search" value={filter.query} placeholder={T.searchHint} onChange={(e) => set({ query: e.target.value })} />
      </label>
      <label className="field">
        <span>{T.statusFilter}</span>
        <select value={filter.status ?? ''} onChange={(e) => set({ status: e.target.value === '' ? null : Number(e.target.value) })}>
          <option value="">{T.allStatuses}</option>
          <StatusOptions />
        </select>
      </label>
      <label className="field">
        <span>{T.dateFrom}</span>
        <input type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="field">
        <span>{T.dateTo}</span>
        <input type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </label>
      {dirty && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            // The button goes with the filters: the search box takes focus, not the page's body.
            search.current?.focus();
            onChange(NO_FILTER);
          }}
        >
          {T.resetFilter}
        </button>
      )}
    </div>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(p: number): void }) {
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (pages <= 1) return null;
  // At the first or last page the button pressed is disabled, which drops its focus to the page's body: the other
  // button takes it instead.
  const go = (to: number) => {
    if (to <= 1) next.current?.focus();
    if (to >= pages) prev.current?.focus();
    onPage(to);
  };
  return (
    <nav className="admin-pager" aria-label={T.pagination}>
      <button ref={prev} type="button" className="btn btn-small" disabled={page <= 1} onClick={() => go(page - 1)}>
        {T.prevPage}
      </button>
      <span aria-live="polite">{T.pageOf(page, pages)}</span>
      <button ref={next} type="button" className="btn btn-small" disabled={page >= pages} onClick={() => go(page + 1)}>
        {T.nextPage}
      </button>
    </nav>
  );
}

/** Orders (newest first, as given) behind the filters, one page at a time; `tools` are drawn above, given the filter. */
export function OrderTable<R extends OrderLike>({ caption, orders, columns, extraText, pageSize = PAGE_SIZE, tools }: {
  caption: string;
  orders: readonly R[];
  columns: ReadonlyArray<Column<R>>;
  extraText?: (o: R) => string;
  pageSize?: number;
  tools?: (filter: OrderFilter) => ReactNode;
}) {
  const [filter, setFilter] = useState<OrderFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  // Typing stays responsive with thousands of orders: the list follows the box a moment later.
  const applied = useDeferredValue(filter);
  const found = useMemo(() => filterOrders(orders, applied, extraText), [orders, applied, extraText]);
  const shown = pageOf(found, page, pageSize);
  const onFilter = (f: OrderFilter) => {
    setFilter(f);
    setPage(1);
  };

  return (
    <div className="admin-orders">
      {tools?.(filter)}
      <Filters filter={filter} onChange={onFilter} />
      <p className="admin-count" role="status">
        {T.found(found.length, orders.length)}
      </p>
      {found.length === 0 ? (
        <p className="empty">{orders.length === 0 ? T.noOrders : T.noResults}</p>
      ) : (
        <DataTable caption={caption} columns={columns} rows={shown.rows} first={shown.first} />
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={setPage} />
    </div>
  );
}

/** The Action column: Detail and Hapus, named with the order's code for screen readers. */
export function RowActions({ code, onDetail, onRemove }: { code: string; onDetail(): void; onRemove(button: HTMLButtonElement): void }) {
  return (
    <div className="admin-actions">
      <button type="button" className="btn btn-small" aria-label={T.detailOf(code)} onClick={onDetail}>
        {T.detail}
      </button>
      <button type="button" className="btn btn-small btn-danger" aria-label={T.removeOf(code)} onClick={(e) => onRemove(e.currentTarget)}>
        {T.remove}
      </button>
    </div>
  );
}

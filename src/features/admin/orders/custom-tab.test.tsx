import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomDoc } from '../../../domain/schemas';
import { CUSTOM } from './custom-tab';
import { PESANAN } from './pesanan-tab';
import { unpaidOrder, visitorCustom } from '../test-fixtures';
import { OrderTable } from './order-table';

afterEach(cleanup);

const visitor = visitorCustom();
const withAddress: CustomDoc = { ...visitor, id: 'CUSTMA1790000001ab', alamat: 'Jl. Pandanaran 5', city: '3374|Kota Semarang' };

function dataCell(order: CustomDoc): string {
  const columns = CUSTOM.cells.map((c, i) => ({ ...c, header: CUSTOM.headers[i + 1]! }));
  render(<OrderTable caption="Daftar pesanan custom" orders={[order]} columns={columns} />);
  const row = within(screen.getAllByRole('rowgroup')[1]!).getByRole('row');
  const text = within(row).getAllByRole('cell')[columns.findIndex((c) => c.header === 'Data')]!.textContent ?? '';
  cleanup();
  return text;
}

describe('Custom: a visitor without an address', () => {
  it('when the order has no address, then the Data column joins only what exists', () => {
    expect(dataCell(visitor)).toBe('Dewi · dewi@contoh.id · 081234567890');
    expect(dataCell(withAddress)).toBe('Dewi · dewi@contoh.id · 081234567890 · Jl. Pandanaran 5, Kota Semarang');
  });

  it('when its popup opens, then no empty Alamat row shows', () => {
    render(<CUSTOM.Details order={visitor} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).not.toContain('Alamat');
    expect(screen.getAllByRole('definition').every((d) => d.textContent !== '')).toBe(true);
    cleanup();
    render(<CUSTOM.Details order={withAddress} />);
    expect(screen.getByText('Jl. Pandanaran 5, Kota Semarang')).toBeInTheDocument();
  });
});

describe('Custom and Pesanan: the popup says when the cards were printed', () => {
  it('when the server marked the order printed, then its popup says when; before, nothing', () => {
    render(<PESANAN.Details order={unpaidOrder('u1abcA1', { buyStatus: 1, printedAt: Date.UTC(2026, 10, 2, 3, 4) })} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toContain('Dicetak');
    cleanup();
    render(<CUSTOM.Details order={{ ...withAddress, printedAt: Date.UTC(2026, 10, 2, 3, 4) }} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toContain('Dicetak');
    cleanup();
    render(<CUSTOM.Details order={withAddress} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).not.toContain('Dicetak');
  });
});

describe('Custom: the popup\'s film photos', () => {
  it('when a custom order\'s photos show, then nothing is said under them about a caption (custom photos have none)', async () => {
    const order: CustomDoc = { ...withAddress, imgWhite: ['/images/u1/2026/01/01/1-a.jpg'], imgBlack: ['/images/u1/2026/01/01/2-b.jpg'] };
    render(<CUSTOM.Details order={order} />);
    expect(await screen.findAllByRole('img', { name: /^Film (Putih|Hitam) 1$/ })).toHaveLength(2);
    expect(screen.queryByText('(tanpa caption)')).toBeNull();
    expect(screen.getAllByRole('figure').every((f) => f.querySelector('figcaption') === null)).toBe(true);
  });
});

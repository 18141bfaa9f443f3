/** Cells both order tables (Pesanan, Custom) draw the same way. */
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatIDR } from '../../../domain/format';
import { ADMIN_UI } from '../../../domain/admin-text';
import { addressText } from '../../../domain/shipping';

/** The parts that exist (a visitor's custom order has no address), without dangling separators. */
const joinPresent = (parts: ReadonlyArray<string | undefined>, separator: string): string =>
  parts.map((p) => (p ?? '').trim()).filter(Boolean).join(separator);
/** The tables' address: the street and the city. */
export const shortAddress = (o: { alamat: string; city: string }): string => addressText({ alamat: o.alamat, city: o.city });
const contact = (o: { userName: string; email: string; phone: string }): string => joinPresent([o.userName, o.email, o.phone], ' · ');
/** Custom's Data column: who, and where when the order says. */
export const customerData = (o: Parameters<typeof contact>[0] & Parameters<typeof shortAddress>[0]): string =>
  joinPresent([contact(o), shortAddress(o)], ' · ');

export function DateCell({ createdAt, code }: { createdAt: number; code: string }) {
  return (
    <>
      {formatDate(createdAt)}
      <span className="admin-code">{code}</span>
    </>
  );
}

/** When the order's cards were last printed (the server's mark, docs/fulfilment.md), once they are. */
export const printedFact = (o: { printedAt?: number }): Array<[string, ReactNode]> =>
  o.printedAt === undefined ? [] : [[ADMIN_UI.printQueue.printedAt, formatDateTime(o.printedAt)]];

/** The popup's first facts of any order: the customer, the address, the price. */
export function whoWhereHowMuch(o: Parameters<typeof addressText>[0] & { userName: string; email: string; phone: string; price: number }): Array<[string, ReactNode]> {
  return [
    [ADMIN_UI.customer, contact(o)],
    [ADMIN_UI.address, addressText(o)],
    [ADMIN_UI.price, formatIDR(o.price)],
  ];
}

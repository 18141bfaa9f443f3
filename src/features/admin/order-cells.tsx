/** Cells both order tables (Pesanan, Custom) draw the same way. */
import type { ReactNode } from 'react';
import { formatDate, formatIDR } from '../../domain/format';
import { parsePackaging } from '../../domain/pricing';
import { UI } from '../../domain/ui-text';

/** 'id|name' fields (province, city, district) show their name. */
export const placeName = (value: string): string => (value.includes('|') ? value.slice(value.indexOf('|') + 1) : value);
export const packagingName = (text: string): string => parsePackaging(text)?.type ?? text;
export const fullAddress = (o: { alamat: string; subdistrict?: string; city: string; provinsi: string }): string =>
  [o.alamat, o.subdistrict, o.city, o.provinsi].filter(Boolean).map((p) => placeName(p!)).join(', ');

export function DateCell({ createdAt, code }: { createdAt: number; code: string }) {
  return (
    <>
      {formatDate(createdAt)}
      <span className="admin-code">{code}</span>
    </>
  );
}

/** The popup's first facts of any order: the customer, the address, the price. */
export function whoWhereHowMuch(o: Parameters<typeof fullAddress>[0] & { userName: string; email: string; phone: string; price: number }): Array<[string, ReactNode]> {
  return [
    [UI.admin.customer, `${o.userName} · ${o.email} · ${o.phone}`],
    [UI.admin.address, fullAddress(o)],
    [UI.admin.price, formatIDR(o.price)],
  ];
}

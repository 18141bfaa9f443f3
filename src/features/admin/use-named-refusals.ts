/**
 * A change of an order (or custom order) the server refused names the order. The alert bar alone said the server's
 * reason ('Stok produk tidak mencukupi.'), some seconds after the popup's 'Perubahan disimpan.': with a busy day's
 * changes made one after another, the owner could not tell which order had gone back to how it was.
 */
import { useEffect } from 'react';
import { MESSAGES } from '../../domain/messages';
import type { CollectionName } from '../../domain/schemas';
import { AlertLevel, useAlert } from '../../lib/alert';
import { onRefusedWrite } from '../../lib/db/db-manager';

const ORDERS: ReadonlySet<CollectionName> = new Set(['transactions', 'custom']);

export const orderChangeRefused = (code: string, reason: string): string =>
  MESSAGES.order_change_refused.replace('{code}', code).replace('{reason}', reason);

export function useNamedRefusals(): void {
  const { showAlert } = useAlert();
  useEffect(
    () =>
      onRefusedWrite((r) => {
        if (r.notice || !ORDERS.has(r.collection)) return;
        // After the layout's listener, which shows the bare reason of every refusal: this text replaces it.
        queueMicrotask(() => showAlert(AlertLevel.error, orderChangeRefused(r.id, r.message)));
      }),
    [showAlert],
  );
}

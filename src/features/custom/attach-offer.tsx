/**
 * After a visitor signs up on a device where they ordered as a visitor: "move those custom orders to your account?"
 * The server decides what moves (the orders of the device's own visitor cookie), and how many there are to offer.
 */
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { MESSAGES } from '../../domain/messages';
import { UI } from '../../domain/ui-text';
import { CUSTOM_UI } from '../../domain/custom-text';
import { AlertLevel, useAlert } from '../../lib/alert';
import { api, NetworkError } from '../../lib/api';
import { resync } from '../../lib/db/db-manager';

const T = CUSTOM_UI;

export function AttachOffer({ onDone }: { onDone(): void }) {
  const { showAlert } = useAlert();
  const [count, setCount] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api<{ count: number }>('/api/auth/attach-custom')
      .then((res) => {
        if (!current || !res.ok) return;
        if ((res.data?.count ?? 0) > 0) setCount(res.data!.count);
        else onDone();
      })
      // Offline: ask again on the next visit.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [onDone]);

  if (count === 0) return null;
  const attach = async () => {
    setBusy(true);
    try {
      const res = await api<{ attached: number }>('/api/auth/attach-custom', { method: 'POST', body: {} });
      if (res.ok) {
        showAlert(AlertLevel.info, T.attached(res.data?.attached ?? 0));
        resync();
        onDone();
      } else showAlert(AlertLevel.error, res.message ?? MESSAGES.internal);
    } catch (err) {
      showAlert(AlertLevel.error, err instanceof NetworkError ? UI.auth.offline : MESSAGES.internal);
    }
    setBusy(false);
  };
  return (
    <Modal title={T.attachTitle} onClose={onDone}>
      <p>{T.attachText(count)}</p>
      <div className="payment-actions">
        <button type="button" className="btn" onClick={onDone}>
          {T.attachNo}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void attach()}>
          {T.attachYes}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The payment popup's gateway QR (docs/payments.md): asked for once the order is at the shop, unpaid and the device
 * online; shown only while the device stays online and the charge is for the total on screen. Otherwise null: the
 * popup is the manual one, as it is when the shop has no gateway.
 */
import { useEffect, useState } from 'react';
import { requestCharge, type GatewayCharge } from '../../lib/payments';
import { useOnline } from '../../lib/use-online';

export function useGatewayCharge(code: string, total: number, payable: boolean): GatewayCharge | null {
  const online = useOnline();
  const [charge, setCharge] = useState<GatewayCharge | null>(null);
  const ask = payable && online;
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    void requestCharge(code, controller.signal).then((answer) => {
      if (!controller.signal.aborted) setCharge(answer);
    });
    return () => controller.abort();
  }, [code, total, ask]);
  return ask && charge && charge.amount === total ? charge : null;
}

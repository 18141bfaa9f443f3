import { describe, expect, it } from 'vitest';
import { buildCustomOrder, customConfirmReady, customStepReady, emptyCustomDraft, parsePengiriman, pengirimanText, type CustomDraft } from './custom';

const draft = (over: Partial<CustomDraft> = {}): CustomDraft => ({ ...emptyCustomDraft(), ...over });

describe('custom order rules', () => {
  it('when the draft is new, then map, bubble wrap on and Tokopedia are the defaults', () => {
    expect(draft()).toMatchObject({ packaging: 'map', bubbleWrap: true, marketplace: 'tokopedia' });
  });

  it('when Lanjut is asked for, then step 1 needs a photo, step 2 nothing, step 3 the account name and order number', () => {
    expect(customStepReady(0, draft())).toBe(false);
    expect(customStepReady(0, draft({ black: ['local:abc'] }))).toBe(true);
    expect(customStepReady(1, draft())).toBe(true);
    expect(customStepReady(2, draft({ account: 'sari' }))).toBe(false);
    expect(customStepReady(2, draft({ account: 'sari', orderNumber: ' ' }))).toBe(false);
    expect(customStepReady(2, draft({ account: 'sari', orderNumber: 'INV/1' }))).toBe(true);
  });

  it('when the final confirm is asked for, then name, e-mail, WhatsApp and one photo are needed', () => {
    const full = { userName: 'Sari', email: 's@x.id', phone: '0812', white: ['local:a'] };
    expect(customConfirmReady(draft(full))).toBe(true);
    expect(customConfirmReady(draft({ ...full, white: [] }))).toBe(false);
    for (const key of ['userName', 'email', 'phone'] as const) expect(customConfirmReady(draft({ ...full, [key]: '  ' }))).toBe(false);
  });

  it("when the order is built, then pengiriman is 'ecommerce|account name|order number' and the price 5000 x photos + fee x photos + 1000", () => {
    const order = buildCustomOrder('CST1700000000abcdefgh', draft({
      white: ['local:a', 'local:b'], black: ['local:c'], account: ' Sari|Toko ', orderNumber: 'INV-9', marketplace: 'shopee',
      userName: ' Sari ', email: 'sari@contoh.id', phone: '0812',
    }), 1_700_000_000_000);
    expect(order).toMatchObject({
      userID: 'CST1700000000abcdefgh', pengiriman: 'shopee|SariToko|INV-9', kurir: 'shopee', qty: 3, packaging: 'map|2000',
      price: 5000 * 3 + 2000 * 3 + 1000, img: ['local:a', 'local:b', 'local:c'], buyStatus: 0, resi: '', userName: 'Sari', bubble_wrap: true,
    });
    expect(order.id).toMatch(/^CUSTMA1700000000[0-9a-z]{4}$/);
    expect(parsePengiriman(order.pengiriman)).toEqual({ marketplace: 'shopee', account: 'SariToko', orderNumber: 'INV-9' });
  });

  it('when pengiriman is read back, then an unknown marketplace, a missing part or an extra part is refused', () => {
    expect(parsePengiriman(pengirimanText({ marketplace: 'tokopedia', account: 'a', orderNumber: '1' }))).not.toBeNull();
    for (const bad of ['lazada|a|1', 'tokopedia|a|', 'tokopedia||1', 'tokopedia|a|1|x', 'tokopedia', 42]) expect(parsePengiriman(bad)).toBeNull();
  });
});

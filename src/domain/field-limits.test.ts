import { ORDER_EXTRAS_UI } from './order-extras-text';
import { describe, expect, it } from 'vitest';
import { ADMIN_UI } from './admin-text';
import {
  CAPTION_MAX,
  COPIES_MAX,
  MAX_WEIGHT_GRAMS,
  PASSWORD_MIN,
  PHOTO_LIST_MAX,
  QTY_MAX,
  TEXT_MAX,
  TYPE_MAX,
  TYPE_MIN,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MAX_SIDE,
} from './field-limits';
import { MESSAGES } from './messages';
import { SCHEMAS } from './schemas';

describe('field limits, once', () => {
  it('when a message names a limit, then it is the number the limits module holds', () => {
    expect(MESSAGES.address_too_long).toContain(`maksimal ${TEXT_MAX.address} karakter`);
    expect(MESSAGES.invalid_weight).toContain(`antara 1 dan ${MAX_WEIGHT_GRAMS} gram`);
    expect(MESSAGES.password_weak).toContain(`minimal ${PASSWORD_MIN} karakter`);
    expect(MESSAGES.upload_too_large).toContain(`${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
    expect(MESSAGES.upload_too_many_pixels).toContain(`${UPLOAD_MAX_PIXELS / 1_000_000} megapiksel dan ${UPLOAD_MAX_SIDE} piksel`);
    expect(MESSAGES.too_many_photos).toContain(`${QTY_MAX} cetakan`);
    expect(ORDER_EXTRAS_UI.copiesHint(COPIES_MAX)).toContain(`1 sampai ${COPIES_MAX}`);
    expect(ADMIN_UI.typeRange).toBe(`Tipe ${TYPE_MIN} sampai ${TYPE_MAX}.`);
  });

  it('when the schemas bound a field a form or a message names, then they bound it by the same number', () => {
    const { goods, carts, transactions, custom, users } = SCHEMAS;
    expect([goods.properties.title.maxLength, goods.properties.desc.maxLength]).toEqual([TEXT_MAX.title, TEXT_MAX.desc]);
    expect([goods.properties.type.minimum, goods.properties.type.maximum]).toEqual([TYPE_MIN, TYPE_MAX]);
    expect([carts.properties.qty.maximum, transactions.properties.items.items.properties.qty.maximum]).toEqual([QTY_MAX, QTY_MAX]);
    expect([carts.properties.img.maxItems, custom.properties.img.maxItems, carts.properties.photos.maxItems]).toEqual([PHOTO_LIST_MAX, PHOTO_LIST_MAX, PHOTO_LIST_MAX]);
    expect(carts.properties.photos.items.properties.caption.maxLength).toBe(CAPTION_MAX);
    expect(carts.properties.photos.items.properties.copies.maximum).toBe(COPIES_MAX);
    expect([transactions.properties.resi.maxLength, custom.properties.resi.maxLength]).toEqual([TEXT_MAX.resi, TEXT_MAX.resi]);
    for (const schema of [transactions, custom]) {
      expect([schema.properties.userName.maxLength, schema.properties.email.maxLength, schema.properties.phone.maxLength]).toEqual([TEXT_MAX.name, TEXT_MAX.email, TEXT_MAX.phone]);
    }
    expect([users.properties.address.maxLength, transactions.properties.alamat.maxLength]).toEqual([TEXT_MAX.address, TEXT_MAX.address]);
  });
});

/**
 * Steps of the shop that several browser tests take the same way: choosing a destination and courier in Isi Data,
 * and axe's serious findings on the page as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Jakarta Selatan, Kebayoran Baru: outside the shop's city (Semarang), so bubble wrap is locked on. */
export const JAKARTA = { province: '31', city: '3171', district: '317101' };
/** jne REG from Semarang to Jakarta (same island): 18,000 per started kilogram in the built-in tariffs. */
export const ONGKIR = 18000;

/** Picks the option whose value starts with `id|` once the list has loaded (values are 'id|name'). */
export async function pick(page: Page, label: string, id: string) {
  const select = page.getByLabel(label, { exact: true });
  const option = select.locator(`option[value^="${id}|"]`);
  await option.waitFor({ state: 'attached', timeout: 20_000 });
  await select.selectOption((await option.getAttribute('value'))!);
}

export async function chooseShipping(page: Page) {
  await pick(page, 'Provinsi', JAKARTA.province);
  await pick(page, 'Kota', JAKARTA.city);
  await pick(page, 'Kecamatan', JAKARTA.district);
  await page.getByLabel('Kurir', { exact: true }).selectOption('jne');
  const service = page.getByLabel('Layanan', { exact: true });
  await service.locator('option[value="REG"]').waitFor({ state: 'attached', timeout: 20_000 });
  await service.selectOption('REG');
  // Complete (the address comes from the profile): nothing is listed as missing any more.
  await expect.poll(() => page.getByText(/Untuk lanjut, lengkapi/).count()).toBe(0);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

/** axe's serious and critical findings on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'], exclude: [['iframe']] } as object)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

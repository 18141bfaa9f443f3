/**
 * axe-core (the engine behind Lighthouse's accessibility audit) on every screen of this issue, on a phone
 * viewport, signed out and signed in: no serious or critical violation (labels, roles, contrast, names).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, appAndBrowser, logInWithForm, signUpInForm, uniqueEmail } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const suite = appAndBrowser();

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

async function audit(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's own CSP (rightly) refuses injected script tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    // The map is a third-party frame that cannot load here (no network); it has its own title.
    const result = await axe.run(document, { resultTypes: ['violations'], exclude: [['iframe']] } as object);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function settle(page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 20_000 });
  await page.waitForTimeout(300);
}

describe('accessibility', () => {
  it('when a visitor opens the landing page, products, tutorial, login and sign-up, then axe finds no serious violation', async () => {
    const page = await (await suite.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const problems: Record<string, string[]> = {};
    for (const [path, ready] of [['/', 'main'], ['/products', 'article'], ['/tutorial', 'main'], ['/login', 'form'], ['/signUp', 'form']] as const) {
      await settle(page, `${suite.app.url}${path}`, ready);
      const found = await audit(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
    await page.context().close();
  });

  it('when a customer opens their profile tabs and the admin the dashboard, then axe finds no serious violation', async () => {
    const page = await (await suite.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const email = uniqueEmail('a11y');
    await signUpInForm(page, suite.app.url, email, 'Rahasia123');
    const problems: Record<string, string[]> = {};
    for (const path of ['/profile', '/profile/transaksi', '/profile/keranjang']) {
      await settle(page, `${suite.app.url}${path}`, 'main');
      const found = await audit(page);
      if (found.length) problems[path] = found;
    }
    await page.context().close();

    const admin = await (await suite.browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await logInWithForm(admin, suite.app.url, ADMIN.email, ADMIN.password);
    await settle(admin, `${suite.app.url}/admin`, 'main');
    const found = await audit(admin);
    if (found.length) problems['/admin'] = found;
    expect(problems).toEqual({});
    await admin.context().close();
  });
});

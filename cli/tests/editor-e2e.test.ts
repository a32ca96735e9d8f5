/**
 * The editor knows the config: schema names complete after `resource:` (not words of the file), a
 * misspelt schema gets a quick fix on Ctrl+., the endpoint snippets are one per kind with no
 * duplicates, and a hover shows one title. Screenshots at two sizes, light and dark, go to
 * MOCKYARD_EDITOR_SHOTS (default /tmp/shots-editor) for people to look at.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openStudio } from './studio-fixture.js';

const SHOTS = process.env.MOCKYARD_EDITOR_SHOTS ?? '/tmp/shots-editor';

// Words such as `Ada`, `00Z` and `01T12` are in the file, where word-based completion used to find them.
const CONFIG = `schemas:
  Product:
    properties:
      id: integer
      name: string
      sku: string
      addedAt: datetime
  Customer:
    properties:
      id: integer
      name: string
seed:
  Customer:
    - { name: Ada }
  Product:
    - { name: Lamp, sku: L-1, addedAt: "2024-05-01T12:00:00Z" }
endpoints:
  - resource: Customer
  - path: /health
    method: GET
    response:
      inline: { status: ok }
`;

const TYPO =
  "Endpoint GET /prodcuts references unknown schema 'Prodcut'. Define it under `schemas:`. Did you mean 'Product'?";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

/** The large window in light and the small one in dark: both sizes and both themes, in two runs instead of four. */
const RUNS = [
  { size: SIZES[0], dark: false },
  { size: SIZES[1], dark: true },
] as const;

const suggestWidget = (page: Page) => page.locator('.monaco-editor .suggest-widget.visible');

/** Opens completion at the cursor; the labels the list shows (its main label, without details). */
async function completionLabels(page: Page): Promise<string[]> {
  const row = suggestWidget(page).locator('.monaco-list-row').first();
  // A request made while the text is being revalidated can come back empty; ask again, as a user would.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Space');
    const shown = await row.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    if (attempt === 3) throw new Error('the completion list did not open');
  }
  await page.waitForTimeout(300); // the list settles (results from every provider)
  return suggestWidget(page).locator('.monaco-list-row .label-name').allTextContents();
}

async function paste(page: Page, text: string): Promise<void> {
  // Pasting puts text in as written; typing it would let Monaco auto-indent every new line.
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await page.keyboard.press('Control+V');
}

/** Opens the studio at a size and colour scheme, with the editor ready and its text as on disk. */
async function load(page: Page, url: string, size: (typeof SIZES)[number], dark: boolean): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.goto(url);
  await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
  await page.locator('.monaco-editor .view-lines', { hasText: '/health' }).waitFor();
  // The welcome panel takes half of a 700 px window; the editor is what these shots are about.
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

test('the editor completes schema names and fields, fixes a misspelt schema and hovers with one title', {
  timeout: 180_000,
}, async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, context } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });

    for (const { size, dark } of RUNS) {
      const tag = `${size.width}x${size.height}-${dark ? 'dark' : 'light'}`;
      const full = size.width === 1440 && !dark; // every assertion once; the other runs are for the eye
      await load(page, studioUrl, size, dark);
      const editor = page.locator('.monaco-editor .view-lines');
      await editor.click();
      await page.keyboard.press('Control+End');

      // 1. `resource: ` completes the config's schema names, and no words of the file.
      await paste(page, '  - resource: ');
      const names = await completionLabels(page);
      if (full) t.diagnostic(`after resource: ${JSON.stringify(names)}`);
      assert.deepEqual(names, ['Product', 'Customer'], tag);
      await page.screenshot({ path: join(SHOTS, `${tag}-1-schema-completion.png`) });
      await page.keyboard.press('Escape');

      // 2. A misspelt schema gets "did you mean", and Ctrl+. changes it.
      await page.keyboard.type('Prodcut');
      const problem = page.locator('[data-testid="problems"] .problem', { hasText: TYPO });
      await problem.waitFor({ timeout: 10_000 });
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget [role="option"]', { hasText: "Change to 'Product'" });
      await fix.waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(SHOTS, `${tag}-2-quick-fix.png`) });
      await page.keyboard.press('Enter'); // the fix is focused; a click lands on Monaco's pointer block
      await editor.getByText('- resource: Product', { exact: false }).waitFor();
      await page.locator('[data-testid="problem-count"]', { hasText: '0 problems' }).waitFor({ timeout: 10_000 });
      assert.equal(await problem.count(), 0, tag);

      // 3. `key:` completes the fields of the schema the entry names.
      await page.keyboard.press('End');
      await paste(page, '\n    key: ');
      const fields = await completionLabels(page);
      assert.deepEqual(fields, ['id', 'name', 'sku', 'addedAt'], tag);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Z'); // the pasted `key:` line, as one undo step

      // 4. A new endpoint item offers one snippet per kind, no duplicates, and inserts real values.
      await paste(page, '\n  - ');
      const items = await completionLabels(page);
      if (full) t.diagnostic(`endpoint item: ${JSON.stringify(items)}`);
      assert.equal(new Set(items).size, items.length, `duplicates in ${JSON.stringify(items)}`);
      for (const kind of ['REST resource', 'Custom schema endpoint']) {
        assert.ok(items.includes(kind), `${kind} in ${JSON.stringify(items)}`);
      }
      assert.ok(!items.some((label) => /Mockyard config/.test(label)), JSON.stringify(items));
      // The list is taller than the widget (rules, latency, fault…): the static snippet is found by its name.
      await page.keyboard.type('Static');
      await page.waitForTimeout(300);
      const statics = await suggestWidget(page).locator('.monaco-list-row .label-name').allTextContents();
      assert.ok(statics.includes('Static JSON endpoint'), `Static JSON endpoint in ${JSON.stringify(statics)}`);
      await page.screenshot({ path: join(SHOTS, `${tag}-3-endpoint-snippets.png`) });
      if (full) {
        await suggestWidget(page).locator('.monaco-list-row', { hasText: 'Static JSON endpoint' }).click();
        await page.keyboard.type('status');
        await page.keyboard.press('Escape');
        await editor.getByText('/status', { exact: false }).waitFor();
        await page.locator('[data-testid="problem-count"]', { hasText: '0 problems' }).waitFor({ timeout: 10_000 });
      } else {
        await page.keyboard.press('Escape');
        for (let i = 0; i < 'Static'.length; i++) await page.keyboard.press('Backspace');
      }

      // 5. A hover shows one title, never "A || A".
      await editor
        .locator('span', { hasText: /^method$/ })
        .first()
        .hover();
      const hover = page.locator('.monaco-hover:not(.hidden) .hover-contents').first();
      await hover.waitFor({ timeout: 10_000 });
      const titles = await hover.locator('h4').allTextContents();
      assert.deepEqual(titles, ['method'], tag);
      assert.doesNotMatch((await hover.textContent()) ?? '', /\|\|/);
      await page.waitForTimeout(400); // the hover fades in
      await page.screenshot({ path: join(SHOTS, `${tag}-4-hover.png`) });
      await page.mouse.move(0, 0);
    }
    assert.deepEqual(errors, []);
    t.diagnostic(`screenshots in ${SHOTS}`);
  } finally {
    await s.close();
  }
});

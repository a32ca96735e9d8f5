import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';
import { appendToEditor } from './editor-input.js';

// endpoints: last, so that text appended at the end adds an endpoint.
const CONFIG = `schemas:
  Product:
    properties:
      id: integer
      name: string
seed:
  Product:
    - { name: Lamp }
endpoints:
  - path: /health
    method: GET
    response: { inline: { status: ok } }
  - resource: Product
`;

const box = async (page: Page, testId: string) => {
  const b = await page.getByTestId(testId).boundingBox();
  assert.ok(b, `${testId} is on screen`);
  return b;
};

/** Drags the splitter `testId` by (dx, dy) with the mouse, as a person would. */
async function drag(page: Page, testId: string, dx: number, dy: number): Promise<void> {
  const b = await box(page, testId);
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2);
  await page.mouse.move(x + dx, y + dy);
  await page.mouse.up();
}

test('the sidebar and the problems pane resize and fold, and keep their sizes across a reload', {
  timeout: 90_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, context, studioUrl, shots } = s;
    await page.setViewportSize({ width: 1024, height: 700 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Got it' }).click();
    // "1 row", not "1 rows".
    assert.match(await page.getByTestId('table-list').innerText(), /products\s+1 row$/m);

    // With no problems the pane is one slim bar.
    const slim = await box(page, 'problems');
    assert.ok(slim.height <= 32, `the problems bar is ${slim.height} px high`);

    // The sidebar is wider after a drag.
    const before = (await box(page, 'sidebar')).width;
    await drag(page, 'sidebar-splitter', 80, 0);
    const wider = (await box(page, 'sidebar')).width;
    assert.ok(Math.abs(wider - (before + 80)) <= 2, `${before} + 80 → ${wider}`);

    // A saved config with problems opens the pane; drag it taller.
    await appendToEditor(page, '  - path: /broken\n    method: GETT\n    response: { inline: {} }\n');
    await page.keyboard.press('Control+S');
    await page.getByTestId('problems-splitter').waitFor({ timeout: 5000 });
    const open = (await box(page, 'problems')).height;
    await drag(page, 'problems-splitter', 0, -60);
    const taller = (await box(page, 'problems')).height;
    assert.ok(Math.abs(taller - (open + 60)) <= 2, `${open} + 60 → ${taller}`);
    await page.screenshot({ path: join(shots, 'layout-resized.png') });

    await page.reload();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByTestId('problems-splitter').waitFor();
    assert.equal((await box(page, 'sidebar')).width, wider, 'the sidebar width survives a reload');
    assert.equal((await box(page, 'problems')).height, taller, 'the problems height survives a reload');

    // Folded, both stay folded after a reload.
    await page.getByTestId('problems-toggle').click();
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByTestId('problems-toggle').waitFor();
    assert.equal(await page.getByTestId('sidebar').count(), 0, 'the sidebar stays folded');
    assert.ok((await box(page, 'problems')).height <= 32, 'the problems pane stays folded');
    assert.equal(await page.getByTestId('problems-toggle').getAttribute('aria-expanded'), 'false');
    await page.screenshot({ path: join(shots, 'layout-folded.png') });
    // And unfold again to the same sizes.
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('problems-toggle').click();
    assert.equal((await box(page, 'sidebar')).width, wider);
    assert.equal((await box(page, 'problems')).height, taller);
  } finally {
    await s.close();
  }
});

test('serving the last valid config is amber, not the healthy green', { timeout: 60_000 }, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, context, studioUrl } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const state = page.getByTestId('server-state');
    await state.filter({ hasText: /^Running$/ }).waitFor();
    // Evaluated as text: these tests compile without the DOM's types.
    const colorOf = (css: string) =>
      page.evaluate(
        `(() => { const p = document.createElement('span'); p.style.color = ${JSON.stringify(css)}; document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; })()`,
      ) as Promise<string>;
    const stateColor = () =>
      page.evaluate(
        `getComputedStyle(document.querySelector('[data-testid="server-state"]')).color`,
      ) as Promise<string>;
    const green = await stateColor();
    assert.equal(green, await colorOf('var(--ok)'));
    assert.match((await state.getAttribute('class')) ?? '', /state-running/);

    await appendToEditor(page, '  - path: /broken\n    method: GETT\n    response: { inline: {} }\n');
    await page.keyboard.press('Control+S');
    await state.filter({ hasText: 'Serving last valid config · 1 problem' }).waitFor({ timeout: 5000 });
    await page.getByTestId('toast').filter({ hasText: 'Saved — not applied: 1 problem' }).waitFor();
    assert.match((await state.getAttribute('class')) ?? '', /state-warning/);
    const amber = await stateColor();
    const warning = await colorOf('var(--warning)');
    assert.notEqual(amber, green);
    assert.equal(amber, warning, 'the warning colour of the scale');
  } finally {
    await s.close();
  }
});

test('turning apply-on-save back on applies the config saved while it was off', { timeout: 90_000 }, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, context, studioUrl, mock } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const setApplyOnSave = async (on: boolean) => {
      await page.getByTestId('open-settings').click();
      await page.getByLabel('Apply on save').setChecked(on);
      await page.getByTestId('settings-save').click();
      await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    };
    await setApplyOnSave(false);
    await appendToEditor(page, '  - path: /later\n    method: GET\n    response: { inline: { applied: true } }\n');
    await page.keyboard.press('Control+S');
    await page.getByTestId('apply').waitFor({ timeout: 5000 });
    await page.getByTestId('toast').filter({ hasText: 'Saved — not applied yet' }).waitFor();
    assert.equal((await fetch(`${mock}/later`)).status, 404, 'saved, not applied');
    assert.match(await page.getByTestId('server-state').innerText(), /Saved, not applied yet/);

    await setApplyOnSave(true);
    await eventually(async () => (await fetch(`${mock}/later`)).status === 200, 5000, 'GET /later once switched on');
    await page.getByTestId('apply').waitFor({ state: 'detached' });
    await page
      .getByTestId('server-state')
      .filter({ hasText: /^Running$/ })
      .waitFor();
  } finally {
    await s.close();
  }
});

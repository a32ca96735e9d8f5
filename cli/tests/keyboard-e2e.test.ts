import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { activeCellText, focused, tabTo } from './keyboard.js';
import { FIXTURES } from './openapi-helpers.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  Product:
    properties:
      id: integer
      name: { type: string, required: true }
      code: { type: integer, unique: true }
      price: number
      active: boolean
endpoints:
  - resource: Product
seed:
  Product:
    - { name: Lamp, code: 7, price: 10 }
    - { name: Desk, code: 8, price: 20, active: true }
    - { name: Sofa, code: 10, price: 30 }
`;

interface Product {
  id: number;
  name: string;
  code: number | null;
  price: number | null;
  active: boolean | null;
}

const json = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;

const isGrid = (f: { role: string | null; testId: string | null }) => f.role === 'grid' && f.testId === 'grid';

async function openData(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('welcome').waitFor({ timeout: 20_000 });
  await tabTo(page, (f) => f.text === 'Got it', 'the welcome panel');
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f.role === 'tab' && f.text === 'Data', 'the Data tab');
  await page.keyboard.press('Enter');
  await page.getByTestId('row-count').filter({ hasText: '3 rows' }).waitFor({ timeout: 20_000 });
}

test('a table is edited, undone, generated into, deleted from and imported into with the keyboard alone', {
  timeout: 180_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, dir } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1024, height: 700 });
    await openData(page, studioUrl);
    const product = (id: number) => json<Product>(`${mock}/products/${id}`);
    const editor = page.getByTestId('cell-editor').locator('input');

    // One tab stop: the grid; its active cell starts on the first row's id.
    await tabTo(page, isGrid, 'the grid');
    assert.equal(await activeCellText(page), '1');
    await page.screenshot({ path: '/tmp/shots39/keyboard-1-grid-focus.png' });

    // Enter edits, Enter commits and goes down a row.
    await page.keyboard.press('ArrowRight');
    assert.equal(await activeCellText(page), 'Lamp');
    await page.keyboard.press('Enter');
    assert.equal(await editor.inputValue(), 'Lamp');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Lamp XL');
    await page.keyboard.press('Enter');
    await eventually(async () => (await product(1)).name === 'Lamp XL', 5000, 'Enter to commit the edit');
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    assert.ok(isGrid(await focused(page)), 'the focus is back on the grid');
    assert.equal(await activeCellText(page), 'Desk');

    // Typing on a cell replaces its value.
    await page.keyboard.type('Chair');
    assert.equal(await editor.inputValue(), 'Chair');
    await page.keyboard.press('Enter');
    await eventually(async () => (await product(2)).name === 'Chair', 5000, 'typing to replace the value');
    // The cursor moves down once the studio has the write's answer, a moment after the API has the row.
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    assert.equal(await activeCellText(page), 'Sofa');

    // F2 edits; Escape cancels and keeps the focus on the cell.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await activeCellText(page), '30');
    await page.keyboard.press('F2');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('99');
    await page.screenshot({ path: '/tmp/shots39/keyboard-2-editing.png' });
    await page.keyboard.press('Escape');
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    assert.ok(isGrid(await focused(page)));
    assert.equal((await product(3)).price, 30);

    // Ctrl+Z undoes the last edit.
    await page.keyboard.press('Control+z');
    await eventually(async () => (await product(2)).name === 'Desk', 5000, 'Ctrl+Z to undo the edit');

    // A boolean: null shows as mixed; Space sets it.
    await page.keyboard.press('End');
    assert.equal(
      await page
        .getByLabel('active of row 3 (null)')
        .evaluate((el) => (el as { indeterminate: boolean }).indeterminate),
      true,
    );
    await page.keyboard.press('Space');
    await eventually(async () => (await product(3)).active === true, 5000, 'Space to set the boolean');

    // Generate from the More menu: the dialog takes the focus, Enter generates, the focus comes back.
    await tabTo(page, (f) => f.testId === 'more', 'the More menu', { back: true });
    await page.keyboard.press('Enter');
    assert.equal((await focused(page)).testId, 'generate');
    await page.keyboard.press('Enter');
    await page.getByTestId('generate-dialog').waitFor();
    assert.equal((await focused(page)).dialog, 'Generate rows in products');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    await page.getByTestId('generate-preview').waitFor();
    await page.screenshot({ path: '/tmp/shots39/keyboard-3-generate.png' });
    await page.keyboard.press('Enter');
    await page.getByTestId('generate-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('row-count').filter({ hasText: '6 rows' }).waitFor();
    assert.equal((await focused(page)).testId, 'more', 'the focus is back on the menu button');
    // Unique codes start past the largest one there (10): none is refused.
    const codes = (await json<Product[]>(`${mock}/products`)).map((p) => p.code);
    assert.deepEqual(codes, [7, 8, 10, 11, 12, 13]);

    // Select a row (Shift+Space) and delete it (Delete), from the grid.
    await tabTo(page, isGrid, 'the grid again');
    await page.keyboard.press('Shift+Space');
    await page.locator('[role="row"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Delete');
    await page.getByTestId('row-count').filter({ hasText: '5 rows' }).waitFor();
    assert.equal((await fetch(`${mock}/products/3`)).status, 404);
    assert.ok(isGrid(await focused(page)), 'the focus stays on the grid after Delete');
    await page.keyboard.press('Control+z');
    await page.getByTestId('row-count').filter({ hasText: '6 rows' }).waitFor();

    // Import a CSV file: the file input is the dialog's first field; Space opens the picker.
    const csv = join(dir, 'more.csv');
    writeFileSync(csv, 'name,code,price\nStool,50,5\nBench,51,6\n');
    await tabTo(page, (f) => f.testId === 'more', 'the More menu', { back: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    assert.equal((await focused(page)).testId, 'import');
    await page.keyboard.press('Enter');
    await page.getByTestId('import-dialog').waitFor();
    assert.equal((await focused(page)).testId, 'import-file');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(csv);
    await page.getByTestId('import-summary').waitFor();
    await tabTo(page, (f) => f.testId === 'import-go', 'the Import button', { max: 20 });
    await page.keyboard.press('Enter');
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('row-count').filter({ hasText: '8 rows' }).waitFor();
    assert.equal((await focused(page)).testId, 'more');
    await page.screenshot({ path: '/tmp/shots39/keyboard-4-imported.png' });
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

/**
 * Opens a dialog from `opener` with Enter, and checks the dialog pattern: the focus moves in, Tab
 * and Shift+Tab stay inside, Escape closes it and the focus is back on the opener.
 */
async function checkDialog(page: Page, opener: string, label: string, open?: () => Promise<void>): Promise<void> {
  await page.locator(opener).focus();
  await (open ? open() : page.keyboard.press('Enter'));
  await page.locator('dialog[open]').waitFor();
  assert.equal((await focused(page)).dialog, label, `${label}: the focus moves into the dialog`);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    assert.equal((await focused(page)).dialog, label, `${label}: ${key} keeps the focus inside`);
  }
  await page.keyboard.press('Escape');
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
  const back = await page
    .locator(opener)
    .evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement);
  assert.ok(back, `${label}: the focus is back on ${opener}`);
}

test('every dialog takes the focus, keeps Tab inside, closes on Escape and gives the focus back to its opener', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openData(page, studioUrl);
    const fromMenu = (item: string) => async () => {
      await page.keyboard.press('Enter');
      await page.getByTestId(item).focus();
      await page.keyboard.press('Enter');
    };
    await checkDialog(page, '[data-testid="more"]', 'Generate rows in products', fromMenu('generate'));
    await checkDialog(page, '[data-testid="more"]', 'Import into products', fromMenu('import'));
    await checkDialog(page, '[data-testid="more"]', 'Save as seed', fromMenu('save-seed'));
    await checkDialog(page, '[data-testid="more"]', 'Reset to seed', fromMenu('reset-seed'));
    await checkDialog(page, '[data-testid="open-settings"]', 'Settings');
    await checkDialog(page, '[data-testid="port-button"]', 'Port');
    await checkDialog(page, '[data-testid="openapi-menu"]', 'Import OpenAPI', async () => {
      await page.keyboard.press('Enter');
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('openapi-import-item').focus();
      await page.keyboard.press('Enter');
      await (await chooser).setFiles(join(FIXTURES, 'petstore.yaml'));
    });

    // The new-row form is a panel beside the grid, not modal: it takes the focus, Escape closes it,
    // the focus goes back to Add row.
    await page.getByTestId('add-row').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('row-form').waitFor();
    assert.equal((await focused(page)).tag, 'INPUT');
    await page.keyboard.press('Escape');
    await page.getByTestId('row-form').waitFor({ state: 'detached' });
    assert.equal((await focused(page)).testId, 'add-row');
  } finally {
    await s.close();
  }
});

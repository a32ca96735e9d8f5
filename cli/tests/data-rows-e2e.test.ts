import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { faker } from '@faker-js/faker/locale/en';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, required: true, unique: true }
      age: integer
      admin: { type: boolean, default: false }
      joinedAt: datetime
  Product:
    properties:
      id: integer
      name: { type: string, required: true }
      sku: { type: string, unique: true }
      price: number
endpoints:
  - resource: User
  - resource: Product
seed:
  User:
    - { name: Ada, email: ada@example.com, age: 36 }
    - { name: Alan, email: alan@example.com, age: 41 }
`;

interface User {
  id: number;
  name: string;
  email: string;
  age: number | null;
  admin: boolean;
}

const json = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;
/** Columns: 0 id, 1 name, 2 email, 3 age, 4 admin, 5 joinedAt. */
const cell = (page: Page, row: number, column: number) =>
  page.locator(`.grid-row[data-row="${row}"] .grid-cell`).nth(column);

test('rows are added by hand through the new-row form; refusals show on their field; Duplicate leaves unique fields empty', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    const count = page.getByTestId('row-count');
    await count.filter({ hasText: '2 rows' }).waitFor({ timeout: 20_000 });

    // The form: one input per field, labelled with its name; the auto id says "auto"; defaults filled in.
    await page.getByTestId('add-row').click();
    const form = page.getByTestId('row-form');
    assert.equal(await form.getByLabel('id', { exact: true }).inputValue(), 'auto');
    assert.equal(await form.getByLabel('admin', { exact: true }).inputValue(), 'false');
    assert.equal(await form.getByLabel('name', { exact: true }).getAttribute('aria-required'), 'true');
    assert.equal(await form.getByLabel('joinedAt', { exact: true }).getAttribute('type'), 'datetime-local');

    // Nothing typed: the engine's message shows on the field it names, and nothing is created.
    await form.getByRole('button', { name: 'Create row' }).click();
    const nameError = form.locator('.row-form-field', { has: page.getByLabel('name', { exact: true }) });
    await nameError.getByTestId('field-error').filter({ hasText: "Field 'name' is required." }).waitFor();
    // Every missing field at once, not one per click.
    await form
      .locator('.row-form-field', { has: page.getByLabel('email', { exact: true }) })
      .getByTestId('field-error')
      .filter({ hasText: "Field 'email' is required." })
      .waitFor({ timeout: 1000 });
    // A unique clash, on the email field.
    await form.getByLabel('name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('email', { exact: true }).fill('ada@example.com');
    await form.getByLabel('age', { exact: true }).fill('85');
    await form.getByRole('button', { name: 'Create row' }).click();
    const emailField = form.locator('.row-form-field', { has: page.getByLabel('email', { exact: true }) });
    await emailField
      .getByTestId('field-error')
      .filter({ hasText: 'A User with email "ada@example.com" already exists.' })
      .waitFor();
    assert.equal(await form.getByLabel('email', { exact: true }).getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: join(shots, 'data-rows-1-refused.png') });
    assert.equal((await json<User[]>(`${mock}/users`)).length, 2);
    // A value of the wrong type is refused in the form, on its field, before the engine is asked.
    await form.getByLabel('age', { exact: true }).fill('eighty');
    await form.getByLabel('email', { exact: true }).fill('grace@example.com');
    await form.getByRole('button', { name: 'Create row' }).click();
    await form
      .locator('.row-form-field', { has: page.getByLabel('age', { exact: true }) })
      .getByTestId('field-error')
      .filter({ hasText: 'must be an integer' })
      .waitFor();
    await form.getByLabel('age', { exact: true }).fill('85');
    await form.getByRole('button', { name: 'Create row' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'Row created' }).waitFor();
    await count.filter({ hasText: '3 rows' }).waitFor();
    assert.deepEqual(await json<User>(`${mock}/users/3`), {
      id: 3,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      age: 85,
      admin: false,
      joinedAt: null,
    });

    // Duplicate: the same form, filled from the row, with the unique field and the auto id left empty.
    await page.getByLabel('Select row 3').check();
    await page.getByTestId('duplicate').click();
    assert.equal(await form.getByLabel('name', { exact: true }).inputValue(), 'Grace Hopper');
    assert.equal(await form.getByLabel('age', { exact: true }).inputValue(), '85');
    assert.equal(await form.getByLabel('email', { exact: true }).inputValue(), '');
    assert.equal(await form.getByLabel('id', { exact: true }).inputValue(), 'auto');
    await form.getByLabel('email', { exact: true }).fill('grace2@example.com');
    await form.getByRole('button', { name: 'Create row' }).click();
    await count.filter({ hasText: '4 rows' }).waitFor();
    assert.equal((await json<User>(`${mock}/users/4`)).email, 'grace2@example.com');

    // The added row can be undone and redone like any change.
    await page.getByTestId('undo').click();
    await count.filter({ hasText: '3 rows' }).waitFor();
    assert.equal((await fetch(`${mock}/users/4`)).status, 404);
    await page.getByTestId('redo').click();
    await count.filter({ hasText: '4 rows' }).waitFor();
    assert.equal((await json<User>(`${mock}/users/4`)).name, 'Grace Hopper');
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

test('cell edits commit on Enter, Tab and clicking away, Escape cancels, refusals stay marked, Ctrl+Z and Ctrl+Shift+Z undo and redo', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('row-count').filter({ hasText: '2 rows' }).waitFor({ timeout: 20_000 });
    const editor = page.getByTestId('cell-editor').locator('input, textarea');
    const user = (id: number) => json<User>(`${mock}/users/${id}`);

    // Tab commits and moves to the next cell.
    await cell(page, 0, 1).dblclick();
    await editor.fill('Ada Lovelace');
    await page.keyboard.press('Tab');
    await eventually(async () => (await user(1)).name === 'Ada Lovelace', 5000, 'Tab to commit the edit');
    // The editor moves once the renderer has the engine's answer, which may come after the GET above sees the row.
    await eventually(
      async () => (await editor.inputValue()) === 'ada@example.com',
      5000,
      'Tab to move to the email cell',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });

    // Clicking away commits too.
    await cell(page, 1, 3).dblclick();
    await editor.fill('42');
    await page.getByTestId('row-count').click();
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    await eventually(async () => (await user(2)).age === 42, 5000, 'clicking away to commit the edit');

    // Escape cancels.
    await cell(page, 1, 3).dblclick();
    await editor.fill('99');
    await page.keyboard.press('Escape');
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    assert.equal((await user(2)).age, 42);

    // Ctrl+Z inside the editor is the input's own undo of typing, not the table's.
    await cell(page, 1, 1).dblclick();
    await editor.fill('Alan T');
    await editor.press('Control+z');
    assert.equal((await user(2)).age, 42, 'the table was not undone');
    await page.keyboard.press('Escape');

    // Ctrl+Z undoes the last edit, then the one before; Ctrl+Shift+Z and Ctrl+Y redo.
    await page.getByTestId('grid').focus();
    await page.keyboard.press('Control+z');
    await eventually(async () => (await user(2)).age === 41, 5000, 'Ctrl+Z to undo the age edit');
    await page.getByTestId('toast').filter({ hasText: 'Undone: edit of age' }).waitFor();
    await page.keyboard.press('Control+z');
    await eventually(async () => (await user(1)).name === 'Ada', 5000, 'a second Ctrl+Z to undo the name edit');
    await page.keyboard.press('Control+Shift+z');
    await eventually(async () => (await user(1)).name === 'Ada Lovelace', 5000, 'Ctrl+Shift+Z to redo');
    await page.keyboard.press('Control+y');
    await eventually(async () => (await user(2)).age === 42, 5000, 'Ctrl+Y to redo');
    await cell(page, 1, 3).filter({ hasText: '42' }).waitFor();

    // A refused value left by clicking away stays in its cell, marked, with the reason.
    await cell(page, 0, 2).dblclick();
    await editor.fill('alan@example.com');
    await page.getByTestId('row-count').click();
    const refused = page.getByTestId('refused-cell');
    await refused.filter({ hasText: 'alan@example.com' }).waitFor();
    assert.match((await refused.getAttribute('title')) ?? '', /already exists/);
    await page.getByTestId('data-error').filter({ hasText: 'email of row 1 was not saved' }).waitFor();
    await page.screenshot({ path: join(shots, 'data-rows-2-refused-cell.png') });
    // Opening it again brings back the text and the reason; Escape drops it, deliberately.
    await refused.dblclick();
    assert.equal(await editor.inputValue(), 'alan@example.com');
    await page.getByTestId('cell-error').filter({ hasText: 'already exists' }).waitFor();
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });
    // ...and the banner about it goes with it, not left behind stale.
    await page.getByTestId('data-error').waitFor({ state: 'detached' });
    assert.equal((await user(1)).email, 'ada@example.com');

    // The date-time editor in the last column opens fully inside the grid.
    await cell(page, 0, 5).dblclick();
    const box = await page.getByTestId('cell-editor').boundingBox();
    const grid = await page.getByTestId('grid').boundingBox();
    assert.ok(box && grid && box.x + box.width <= grid.x + grid.width + 1, 'the editor is not clipped');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

test('the generator previews three schema-fitting rows; an unknown filter key is reported under the filter box', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('row-count').filter({ hasText: '2 rows' }).waitFor({ timeout: 20_000 });

    await page.getByTestId('filter').fill('bogus_thing=1');
    await page.getByTestId('filter').press('Enter');
    await page
      .getByTestId('filter-notes')
      .filter({ hasText: "'bogus_thing' is not a field of users, so it was ignored; fields: id, name, email" })
      .waitFor();
    await page.getByTestId('filter').fill('name=Ada');
    await page.getByTestId('filter').press('Enter');
    await page.getByTestId('row-count').filter({ hasText: '1 row' }).waitFor();
    await page.getByTestId('filter-notes').waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Table' }).selectOption('products');
    await page.getByTestId('more').click();
    await page.getByRole('menuitem', { name: 'Generate…' }).click();
    await page.getByLabel('Random seed (same rows each time)').fill('4');
    // The rows of seed 4: until they come, the dialog shows seed 1's (the default) and says so.
    const preview = page.locator('[data-testid="generate-preview"][data-seed="4"][aria-busy="false"]');
    await preview.locator('tbody tr').nth(2).waitFor();
    assert.match(
      await page.getByTestId('generate-preview-hint').innerText(),
      /^The first 3 rows, as they will be inserted/,
    );
    assert.equal(await preview.locator('tbody tr').count(), 3);
    const products = new Set(faker.definitions.commerce?.product_name?.product ?? []);
    const names = await preview.locator('tbody tr td:first-child').allInnerTexts();
    for (const name of names) assert.ok(products.has(name.split(' ').at(-1) ?? ''), `${name} is a product name`);
    await page.screenshot({ path: join(shots, 'data-rows-3-generate-preview.png') });
    await page.getByLabel('Rows', { exact: true }).fill('3');
    await page.getByTestId('generate-go').click();
    await page.getByTestId('row-count').filter({ hasText: '3 rows' }).waitFor();
    const stored = await json<{ name: string }[]>(`${mock}/products`);
    assert.deepEqual(
      stored.map((p) => p.name),
      names,
    );
  } finally {
    await s.close();
  }
});

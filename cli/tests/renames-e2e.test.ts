import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// A misnamed schema, as a new user types it; the rows are typed by hand in the data browser.
const CONFIG = `# people we know
schemas:
  Persn: # typo
    properties:
      id: integer
      name: { type: string, unique: true } # shown on cards
endpoints:
  - resource: Persn
`;

const forms = (page: Page) => page.getByTestId('forms');
/** The editor's text as shown (the config is short enough to be on screen whole). */
const editorText = async (page: Page): Promise<string> =>
  (await page.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
const json = async (url: string): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
};

async function save(page: Page, configPath: string, wanted: string): Promise<string> {
  await page.keyboard.press('Control+s');
  await eventually(() => readFileSync(configPath, 'utf8').includes(wanted), 10_000, `the save with ${wanted}`);
  return readFileSync(configPath, 'utf8');
}

test('rows typed by hand survive renaming their field and then their schema through the forms; Ctrl+Z restores the text', {
  timeout: 180_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);

    // Two rows by hand.
    await page.getByRole('tab', { name: 'Data' }).click();
    const count = page.getByTestId('row-count');
    await count.filter({ hasText: '0 rows' }).waitFor({ timeout: 20_000 });
    for (const name of ['Ada', 'Bob']) {
      await page.getByTestId('add-row').click();
      const form = page.getByTestId('row-form');
      await form.getByLabel('name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Create row' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await count.filter({ hasText: '2 rows' }).waitFor();

    // The field: name -> fullName in the fields table, saved.
    await page.getByRole('tab', { name: 'Config' }).click();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Split' }).click();
    const nameInput = forms(page).getByTestId('field-name').getByRole('textbox', { name: 'Field name' });
    await nameInput.fill('fullName');
    await nameInput.press('Enter');
    await forms(page).getByTestId('field-fullName').waitFor({ timeout: 10_000 });
    await page.locator('.monaco-editor .view-lines').click();
    const afterField = await save(page, configPath, 'fullName');
    t.diagnostic(`after the field rename:\n${afterField}`);
    assert.match(afterField, /fullName: \{ type: string, unique: true, renamedFrom: name \} # shown on cards/);
    await eventually(
      async () => JSON.stringify((await json(`${mock}/persns/1`)).body) === '{"id":1,"fullName":"Ada"}',
      10_000,
      'the field rename to reach the API',
    );
    const beforeSchema = await editorText(page);

    // The schema: Persn -> Person with Rename schema, checked as New schema checks names.
    await forms(page).getByRole('button', { name: 'Rename' }).click();
    const rename = forms(page).getByRole('form', { name: 'Rename schema Persn' });
    await rename.getByLabel('New name').fill('People');
    assert.match(await rename.getByTestId('rename-preview').innerText(), /singular: Person/);
    await rename.getByLabel('New name').fill('Person');
    assert.match(await rename.getByTestId('rename-preview').innerText(), /Person → people/);
    await page.screenshot({ path: join(shots, 'rename-schema-form.png') });
    await rename.getByRole('button', { name: 'Rename schema' }).click();
    await forms(page).getByTestId('schema-Person').waitFor({ timeout: 10_000 });
    await page.locator('.monaco-editor .view-lines').click();
    const afterSchema = await save(page, configPath, 'renamedFrom: Persn');
    t.diagnostic(`after the schema rename:\n${afterSchema}`);
    assert.match(afterSchema, /\n {2}Person: # typo\n/);
    assert.match(afterSchema, /- resource: Person\n/);
    assert.match(afterSchema, /# people we know/);

    // The same rows over HTTP under the new names, and in the grid.
    await eventually(async () => (await json(`${mock}/people`)).status === 200, 10_000, '/people');
    const people = await json(`${mock}/people?_sort=id`);
    t.diagnostic(`GET /people: ${JSON.stringify(people.body)}`);
    assert.deepEqual(people.body, [
      { id: 1, fullName: 'Ada' },
      { id: 2, fullName: 'Bob' },
    ]);
    assert.equal((await json(`${mock}/persns`)).status, 404);
    await page.getByRole('tab', { name: 'Data' }).click();
    await count.filter({ hasText: '2 rows' }).waitFor({ timeout: 10_000 });
    await page.getByRole('columnheader', { name: /fullName/ }).waitFor();
    await page.locator('.grid-cell', { hasText: 'Bob' }).waitFor();
    await page.screenshot({ path: join(shots, 'rename-data-after.png') });

    // Ctrl+Z in the editor undoes the whole schema rename as one step.
    await page.getByRole('tab', { name: 'Config' }).click();
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+z');
    await forms(page).getByTestId('schema-Persn').waitFor({ timeout: 10_000 });
    assert.equal(await editorText(page), beforeSchema);
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeFindings } from './axe.js';
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
    assert.deepEqual(await axeFindings(page, 'rename schema form'), []);
    // Keyboard: Escape closes the form and the focus goes back to Rename; Enter opens it again.
    await rename.getByLabel('New name').press('Escape');
    await rename.waitFor({ state: 'detached' });
    const renameButton = forms(page).getByRole('button', { name: 'Rename', exact: true });
    assert.ok(
      await renameButton.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement),
      'the focus is back on Rename',
    );
    await page.keyboard.press('Enter');
    await page.keyboard.type('Person');
    // Dark, smaller, the forms alone (Monaco's own dark theme is not this view's to judge).
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Forms', exact: true }).click();
    await page.screenshot({ path: join(shots, 'rename-schema-form-1024-dark.png') });
    assert.deepEqual(await axeFindings(page, 'rename schema form, dark', ['color-contrast']), []);
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
    assert.equal(
      await rename.getByLabel('New name').inputValue(),
      'Person',
      'the name was selected on open, so typing replaced it',
    );
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

const WITH_NAME = `schemas:
  Person:
    properties:
      id: integer
      name: string
endpoints:
  - resource: Person
seed:
  Person:
    - { name: Ada }
    - { name: Bob }
    - {}
`;
// name removed (and no renamedFrom on the new field): its column is hidden with two values.
const WITHOUT_NAME = WITH_NAME.replace('      name: string', '      nick: string').replace(/seed:[\s\S]*/, '');

test('hidden columns of a removed field are listed read-only; restore brings the field back, drop asks naming the rows', {
  timeout: 180_000,
}, async () => {
  const s = await openStudio(WITH_NAME);
  try {
    const { page, studioUrl, configPath, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('row-count').filter({ hasText: '3 rows' }).waitFor({ timeout: 20_000 });
    const hidden = page.getByTestId('hidden-columns');
    assert.equal(await hidden.count(), 0);

    writeFileSync(configPath, WITHOUT_NAME);
    await hidden.waitFor({ timeout: 30_000 });
    assert.match(
      await hidden.locator('summary').innerText(),
      /1 hidden column kept from removed fields: name \(2 values\)/,
    );
    await hidden.locator('summary').click();
    await hidden.getByRole('cell', { name: 'Bob' }).waitFor();
    await page.screenshot({ path: join(shots, 'hidden-columns.png') });
    const axe = await axeFindings(page, 'hidden columns');
    assert.deepEqual(axe, []);

    // Restore as field: the config gets the field back (saved), and the API shows the values again.
    await hidden.getByRole('button', { name: 'Restore as field' }).click();
    await eventually(() => /\n {6}name: string\n/.test(readFileSync(configPath, 'utf8')), 10_000, 'the restored field');
    await eventually(
      async () =>
        JSON.stringify(await (await fetch(`${mock}/people/2`)).json()) === '{"id":2,"nick":null,"name":"Bob"}',
      10_000,
      'the restored values over HTTP',
    );
    await hidden.waitFor({ state: 'detached' });

    // Removed again, then dropped after the confirmation names the rows that hold a value.
    writeFileSync(configPath, WITHOUT_NAME);
    await hidden.waitFor({ timeout: 30_000 });
    await hidden.locator('summary').click();
    await hidden.getByRole('button', { name: 'Drop…' }).click();
    const dialog = page.getByTestId('drop-hidden-dialog');
    assert.match(await dialog.innerText(), /Drop column name of people\? 2 rows of 3 hold a value in it/);
    assert.deepEqual(await axeFindings(page, 'drop hidden column dialog'), []);
    await page.screenshot({ path: join(shots, 'hidden-columns-drop.png') });
    await dialog.getByRole('button', { name: 'Drop column' }).click();
    await hidden.waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'Dropped name (2 values)' }).waitFor();
    writeFileSync(configPath, WITHOUT_NAME.replace('      nick: string', '      nick: string\n      name: string'));
    await eventually(
      async () => JSON.stringify(await (await fetch(`${mock}/people/2`)).json()) === '{"id":2,"nick":null,"name":null}',
      10_000,
      'the dropped values gone',
    );
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

test('a field renamed in the YAML without renamedFrom gets the suggestion on save, and its quick fix carries the data', {
  timeout: 180_000,
}, async (t) => {
  // No seed: a seed row naming `name` would make the renamed config invalid (the forms rename it there too).
  const s = await openStudio(WITH_NAME.replace(/seed:[\s\S]*/, ''));
  try {
    const { page, studioUrl, configPath, mock, shots } = s;
    const created = await fetch(`${mock}/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    assert.equal(created.status, 201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.locator('.view-line', { hasText: 'name: string' }).getByText('name', { exact: true }).dblclick();
    await page.keyboard.type('fullName');
    const undeclared = await save(page, configPath, 'fullName: string');
    assert.doesNotMatch(undeclared, /renamedFrom/);
    const problem = page.locator('[data-testid="problems"] .problem', { hasText: 'renamedFrom: name' });
    await problem.waitFor({ timeout: 10_000 });
    t.diagnostic(`warning: ${await problem.innerText()}`);
    assert.deepEqual(await (await fetch(`${mock}/people/1`)).json(), { id: 1, fullName: null });
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget [role="option"]', { hasText: "Add 'renamedFrom: name'" });
    await fix.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(shots, 'rename-quick-fix.png') });
    await page.keyboard.press('Enter');
    const fixed = await save(page, configPath, 'renamedFrom: name');
    t.diagnostic(`after the quick fix:\n${fixed}`);
    await eventually(
      async () => JSON.stringify(await (await fetch(`${mock}/people/1`)).json()) === '{"id":1,"fullName":"Ada"}',
      10_000,
      'the values carried into fullName',
    );
  } finally {
    await s.close();
  }
});

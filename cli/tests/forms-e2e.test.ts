import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// A comment on every line: the forms must keep each one, and every byte they do not edit.
const CONFIG = `# Forms e2e: every line has a comment
schemas: # record shapes
  Product: # things we sell
    properties: # its fields
      id: integer # the key
      name: { type: string, required: true } # shown in lists
endpoints: # the HTTP API
  - resource: Product # /products
server: # how it listens
  port: 0 # any free port
`;

const SHOTS = process.env.MOCKYARD_FORM_SHOTS ?? '/tmp/shots-forms';

/** The lines of `before` missing from `after` (in order) and the lines `after` adds: a plain LCS diff. */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lcs[i] as number[])[j] =
        a[i] === b[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, lcs[i]?.[j + 1] ?? 0);
  const removed: string[] = [];
  const added: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) [i, j] = [i + 1, j + 1];
    else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) removed.push(a[i++] as string);
    else added.push(b[j++] as string);
  }
  removed.push(...a.slice(i));
  added.push(...b.slice(j));
  return { removed, added };
}

const forms = (page: Page) => page.getByTestId('forms');

async function addField(page: Page, name: string, type: string): Promise<void> {
  const row = forms(page).getByRole('form', { name: 'New field' });
  await row.getByLabel('Field name').fill(name);
  await row.getByLabel('Type').selectOption(type);
  await row.getByRole('button', { name: 'Add field' }).click();
  await forms(page).getByTestId(`field-${name}`).waitFor({ timeout: 10_000 });
}

test('schemas and endpoints built with forms only keep every comment, answer over HTTP, undo in the editor', {
  timeout: 180_000,
}, async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, mock } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('button', { name: 'Split' }).click();

    // A schema with three fields.
    await forms(page).getByRole('button', { name: 'New schema' }).click();
    await forms(page).getByLabel('Schema name').fill('People');
    assert.match(await forms(page).getByTestId('table-preview').innerText(), /singular: Person/);
    await forms(page).getByLabel('Schema name').fill('Person');
    assert.match(await forms(page).getByTestId('table-preview').innerText(), /Person → people/);
    await forms(page).getByRole('button', { name: 'Create schema' }).click();
    await forms(page).getByTestId('schema-Person').waitFor({ timeout: 10_000 });
    await addField(page, 'name', 'string');
    await addField(page, 'email', 'string');
    await addField(page, 'age', 'integer');
    await forms(page).getByLabel('Required: name').check();
    await forms(page).getByLabel('Unique: email').check();
    await page.screenshot({ path: join(SHOTS, '1440x900-light-schema.png') });

    // A refused value: the engine's message on the field, and nothing written.
    const age = forms(page).getByTestId('field-age');
    await age.getByLabel('Default').fill('abc');
    await age.getByLabel('Default').press('Enter');
    const refusal = age.getByTestId('form-refused');
    await refusal.waitFor({ timeout: 10_000 });
    const message = await refusal.innerText();
    t.diagnostic(`refused: ${message}`);
    assert.match(message, /Default of Person\.age must be/);

    // A resource and a static endpoint.
    await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
    await forms(page).getByRole('button', { name: 'New endpoint' }).click();
    const create = forms(page).getByRole('form', { name: 'New endpoint' });
    await create.getByLabel('REST resource for a schema').check();
    await create.getByLabel('Schema', { exact: true }).selectOption('Person');
    assert.equal(await create.getByLabel('Path', { exact: true }).getAttribute('placeholder'), '/people');
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    await forms(page).getByText('resource Person').waitFor({ timeout: 10_000 });
    await forms(page).getByRole('button', { name: 'New endpoint' }).click();
    await create.getByLabel('Static JSON').check();
    await create.getByLabel('Path', { exact: true }).fill('/ping');
    assert.match((await create.getByLabel('Status', { exact: true }).getAttribute('placeholder')) ?? '', /^200/);
    await create.getByLabel('Body (JSON)').fill('{ "pong": true }');
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    await forms(page).locator('.endpoint-group-path', { hasText: '/ping' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(SHOTS, '1440x900-light-endpoints.png') });

    // Ctrl+Z in the editor undoes the last form edit; Ctrl+Shift+Z does it again.
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+z');
    await forms(page).locator('.endpoint-group-path', { hasText: '/ping' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+z');
    await forms(page).locator('.endpoint-group-path', { hasText: '/ping' }).waitFor();

    await page.keyboard.press('Control+s');
    await eventually(() => readFileSync(configPath, 'utf8').includes('/ping'), 10_000, 'the save');
    const saved = readFileSync(configPath, 'utf8');
    const diff = lineDiff(CONFIG, saved);
    t.diagnostic(`removed lines: ${JSON.stringify(diff.removed)}`);
    t.diagnostic(`added lines:\n${diff.added.join('\n')}`);
    assert.deepEqual(diff.removed, [], 'no original line changed or went');
    for (const line of CONFIG.split('\n').filter(Boolean)) assert.ok(saved.includes(line), `kept: ${line}`);

    // The new endpoints answer.
    await eventually(async () => (await fetch(`${mock}/ping`)).status === 200, 10_000, '/ping');
    assert.deepEqual(await (await fetch(`${mock}/ping`)).json(), { pong: true });
    const created = await fetch(`${mock}/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', age: 36 }),
    });
    assert.equal(created.status, 201);
    assert.equal(((await (await fetch(`${mock}/people`)).json()) as unknown[]).length, 1);

    // The same views for the eye: two sizes, light and dark.
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      for (const dark of [false, true]) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        const tag = `${size.width}x${size.height}-${dark ? 'dark' : 'light'}`;
        await forms(page).getByRole('tab', { name: 'Schemas' }).click();
        await forms(page).getByRole('button', { name: 'Person' }).click();
        await page.screenshot({ path: join(SHOTS, `${tag}-split-schemas.png`) });
        await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
        await forms(page).getByRole('button', { name: 'New endpoint' }).click();
        await create.getByLabel('Custom').check();
        await page.screenshot({ path: join(SHOTS, `${tag}-split-new-endpoint.png`) });
        await forms(page).getByRole('button', { name: 'Cancel' }).click();
        await forms(page).getByRole('tab', { name: 'Server' }).click();
        await page.getByRole('button', { name: 'Forms' }).click();
        await page.screenshot({ path: join(SHOTS, `${tag}-forms-server.png`) });
        await page.getByRole('button', { name: 'Split' }).click();
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

test('a config that does not parse shows the forms read-only, naming the line', { timeout: 90_000 }, async () => {
  const s = await openStudio(`${CONFIG}  bad: [unclosed # line 11\n`);
  try {
    const { page, studioUrl } = s;
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('button', { name: 'Forms' }).click();
    const note = page.getByTestId('forms-readonly');
    await note.waitFor({ timeout: 10_000 });
    assert.match(await note.innerText(), /Fix the YAML syntax error on line \d+ to edit visually/);
    await page.screenshot({ path: join(SHOTS, '1280x800-light-readonly.png') });
  } finally {
    await s.close();
  }
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// Three schemas and five endpoints: the places switched to are neither the first schema nor the first endpoint.
const CONFIG = `schemas:
  Author:
    properties:
      id: integer
      name: string
  Book:
    properties:
      id: integer
      title: string
  Order:
    properties:
      total: number
      note: string
endpoints:
  - resource: Author
  - resource: Book
  - method: GET
    path: /health
    response: { inline: { ok: true } }
  - method: GET
    path: /greet
    response:
      body: hello
  - method: POST
    path: /echo
    response: { inline: { echoed: true } }
server:
  port: 0
`;

const forms = (page: Page) => page.getByTestId('forms');
const view = (page: Page, name: 'YAML' | 'Forms' | 'Split') =>
  page.getByRole('group', { name: 'Config view' }).getByRole('button', { name, exact: true });
/** The editor's cursor line, as Monaco marks it in the gutter. */
const cursorLine = async (page: Page): Promise<number> =>
  Number(await page.locator('.monaco-editor .line-numbers.active-line-number').first().innerText());

test('switching between YAML and Forms keeps the place: the schema or endpoint the cursor was in, and back', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await view(page, 'YAML').click();

    // The cursor on a field of Order (line 13, `note: string`): Forms open on Order, not on Author.
    await page.locator('.monaco-editor .view-line', { hasText: 'note: string' }).click();
    await eventually(async () => (await cursorLine(page)) === 13, 5000, 'the cursor on line 13');
    await view(page, 'Forms').click();
    await forms(page).getByTestId('schema-Order').waitFor({ timeout: 10_000 });
    assert.equal(await forms(page).getByTestId('schema-Author').count(), 0);
    assert.equal(await forms(page).getByRole('tab', { name: 'Schemas' }).getAttribute('aria-selected'), 'true');

    // Back in YAML with nothing else picked in the forms: the cursor stays on its line.
    await view(page, 'YAML').click();
    await page.locator('.monaco-editor .view-lines').waitFor();
    assert.equal(await cursorLine(page), 13);

    // The cursor inside the /greet entry's response (line 23): Forms open on the Endpoints section, /greet.
    await page.locator('.monaco-editor .view-line', { hasText: 'body: hello' }).click();
    await view(page, 'Forms').click();
    await forms(page).getByRole('region', { name: 'Endpoint GET /greet' }).waitFor({ timeout: 10_000 });
    assert.equal(await forms(page).getByRole('tab', { name: 'Endpoints' }).getAttribute('aria-selected'), 'true');
    await page.screenshot({ path: join(s.shots, 'forms-place-greet.png') });

    // Forms -> YAML: another entry picked in the forms is where the YAML cursor lands (POST /echo, line 24).
    await forms(page).getByRole('button', { name: /POST/ }).click();
    await forms(page).getByRole('region', { name: 'Endpoint POST /echo' }).waitFor({ timeout: 10_000 });
    await view(page, 'YAML').click();
    await eventually(async () => (await cursorLine(page)) === 24, 5000, 'the cursor on POST /echo (line 24)');

    // The server section: from YAML to Split, the forms beside the editor show Server.
    await page.locator('.monaco-editor .view-line', { hasText: 'port: 0' }).click();
    await view(page, 'Split').click();
    const server = forms(page).getByRole('region', { name: 'Server settings' });
    await server.waitFor({ timeout: 10_000 });

    // The server form's boxes and selects (one table of specs) each write their own key.
    await server.getByLabel('Port').fill('4123');
    await server.getByLabel('Port').press('Enter');
    await server.getByLabel('CORS').selectOption('origin');
    await server.getByLabel('Allowed origin').fill('http://localhost:8080');
    await server.getByLabel('Allowed origin').press('Enter');
    await server.getByLabel('Admin API').selectOption('token');
    await server.getByLabel('Admin token').fill('t0ken-of-mine');
    await server.getByLabel('Admin token').press('Enter');
    await server.getByLabel('Body limit (bytes)').fill('2048');
    await server.getByLabel('Body limit (bytes)').press('Enter');
    await page.getByTestId('unsaved').waitFor({ timeout: 10_000 });
    await eventually(
      async () => (await server.getByLabel('Body limit (bytes)').inputValue()) === '2048',
      5000,
      'typed',
    );
    await page.keyboard.press('Control+s');
    await eventually(() => readFileSync(s.configPath, 'utf8').includes('bodyLimit: 2048'), 10_000, 'the save');
    const saved = readFileSync(s.configPath, 'utf8');
    assert.match(saved, /\n {2}port: 4123\n/);
    assert.match(saved, /cors:\s*\n?\s*\{?\s*origin: http:\/\/localhost:8080/);
    assert.match(saved, /token: t0ken-of-mine/);
  } finally {
    await s.close();
  }
});

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// Issue 39's smaller items, one studio: the sidebar search, Try it's template parameters, the Log's
// legend, the live Data filter, date-times in UTC to the millisecond, every add-row error at once, the
// fields table in a narrow split, a one-line field kept on one line, an edit typed back clearing
// "unsaved", and the welcome panel in a short window.
const CONFIG = `schemas:
  Event:
    properties:
      id: integer
      title: { type: string, required: true }
      code: { type: string, unique: true }
      price: number
      at: datetime
endpoints:
  - resource: Event
${Array.from({ length: 60 }, (_, i) => `  - { path: /ping-${i}, method: GET, response: { inline: { n: ${i} } } }\n`).join('')}  - path: /greet
    method: GET
    description: "Say hello"
    response:
      inline: { hello: "{{request.query.name}}", key: "{{request.headers.x-key}}" }
seed:
  Event:
    - { title: Launch, code: L-1, at: "2024-05-01T10:00:00.250Z" }
    - { title: Party, code: P-1 }
`;

const SHOTS = '/tmp/shots39b';
const forms = (page: Page) => page.getByTestId('forms');
const json = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

/** The fields table fits its pane: no sideways scroll, every column in view. */
async function fieldsOverflow(page: Page): Promise<number> {
  return page
    .locator('.table-scroll')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
}

test('sidebar search, template parameters in Try it, the Log legend, the live Data filter, UTC date-times, add-row errors at once, a narrow fields table, flow fields, undone edits, a small welcome', {
  timeout: 240_000,
}, async () => {
  mkdirSync(SHOTS, { recursive: true });
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, configPath } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The welcome panel leaves a short window (1024x700) most of its height.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(studioUrl);
    const welcome = page.getByTestId('welcome');
    await welcome.waitFor({ timeout: 20_000 });
    const welcomeHeight = (await welcome.boundingBox())?.height ?? 0;
    assert.ok(welcomeHeight > 0 && welcomeHeight <= 700 * 0.31, `welcome ${welcomeHeight}px high`);
    await page.screenshot({ path: join(SHOTS, 'welcome-1024x700.png') });
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    // The sidebar search keeps the endpoints and tables that have every word typed.
    const search = page.getByTestId('sidebar-search');
    await search.fill('greet');
    await eventually(
      async () => (await page.getByTestId('endpoint-list').locator('li').count()) === 1,
      5000,
      'one endpoint',
    );
    await page.getByText('No table matches “greet”.').waitFor();
    await search.fill('get event');
    await eventually(
      async () => (await page.getByTestId('endpoint-list').locator('li').count()) === 2,
      5000,
      'GET /events and /events/:id',
    );
    await page.screenshot({ path: join(SHOTS, 'sidebar-search.png') });
    await search.press('Escape');
    assert.equal(await search.inputValue(), '');

    // Try it offers what the endpoint's templates read: the query parameter and the header.
    await page.getByRole('button', { name: 'Try GET /greet', exact: true }).click();
    const tryit = page.getByTestId('tryit');
    await tryit.waitFor();
    await tryit.getByLabel('Value of name').fill('Ada');
    await tryit.getByLabel('Value of x-key').fill('k1');
    await page.screenshot({ path: join(SHOTS, 'tryit-template-params.png') });
    await tryit.getByTestId('tryit-send').click();
    await tryit.getByTestId('tryit-body').filter({ hasText: '"hello": "Ada"' }).waitFor({ timeout: 10_000 });
    assert.match(await tryit.getByTestId('tryit-body').innerText(), /"key": "k1"/);
    await tryit.getByRole('button', { name: 'Close Try it' }).click();
    await tryit.waitFor({ state: 'detached' });

    // The Log says what its ● marker means.
    await page.getByRole('tab', { name: /^Log/ }).click();
    await page.getByTestId('log-row').first().waitFor();
    assert.match(await page.getByTestId('log-legend').innerText(), /● has notes/);
    await page.screenshot({ path: join(SHOTS, 'log-legend.png') });

    // Data: the filter applies as it is typed (no Enter), like the Log's.
    await page.getByRole('tab', { name: 'Data' }).click();
    const count = page.getByTestId('row-count');
    await count.filter({ hasText: '2 rows' }).waitFor({ timeout: 10_000 });
    await page.getByTestId('filter').fill('title=Launch');
    await count.filter({ hasText: '1 row' }).waitFor({ timeout: 5000 });
    await page.getByTestId('filter').fill('');
    await count.filter({ hasText: '2 rows' }).waitFor({ timeout: 5000 });

    // Duplicate keeps the milliseconds, and the form shows the time in UTC, as the grid does, and says so.
    await page.getByLabel('Select row 1').check();
    await page.getByTestId('duplicate').click();
    const form = page.getByTestId('row-form');
    const at = form.getByLabel('at', { exact: true });
    // Chromium gives the value back as it normalises it (`.25`); what matters is the milliseconds are there.
    assert.match(await at.inputValue(), /^2024-05-01T10:00:00\.250?$/);
    assert.match(
      await form
        .locator('.row-form-field', { has: page.getByLabel('at', { exact: true }) })
        .locator('.hint')
        .innerText(),
      /UTC/,
    );
    await form.getByLabel('code', { exact: true }).fill('L-2');
    await page.screenshot({ path: join(SHOTS, 'duplicate-utc.png') });
    await form.getByRole('button', { name: 'Create row' }).click();
    await count.filter({ hasText: '3 rows' }).waitFor();
    const copy = await json<{ at: string; code: string }>(`${mock}/events/3`);
    assert.deepEqual([copy.at, copy.code], ['2024-05-01T10:00:00.250Z', 'L-2']);

    // Add row: a missing required field, a bad number and a taken unique value, all named at once.
    await page.getByTestId('add-row').click();
    await form.getByLabel('code', { exact: true }).fill('L-1');
    await form.getByLabel('price', { exact: true }).fill('cheap');
    await form.getByRole('button', { name: 'Create row' }).click();
    const errorOf = (field: string) =>
      form.locator('.row-form-field', { has: page.getByLabel(field, { exact: true }) }).getByTestId('field-error');
    await errorOf('title').filter({ hasText: "Field 'title' is required." }).waitFor();
    await errorOf('price').filter({ hasText: 'must be a number' }).waitFor({ timeout: 1000 });
    await errorOf('code').filter({ hasText: 'A Event with code L-1 already exists.' }).waitFor({ timeout: 1000 });
    await page.screenshot({ path: join(SHOTS, 'add-row-all-errors.png') });
    await form.getByRole('button', { name: 'Close' }).click();
    assert.equal((await json<unknown[]>(`${mock}/events`)).length, 3);

    // Split view: the fields table fits its pane at 1440 and at 1024, no column behind a sideways scroll.
    await page.getByRole('tab', { name: 'Config' }).click();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Split' }).click();
    const price = forms(page).getByTestId('field-price');
    await price.waitFor({ timeout: 10_000 });
    assert.ok((await fieldsOverflow(page)) <= 0, 'no sideways scroll at 1440');
    const type = price.getByLabel('Type');
    assert.ok(await type.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the type name is not cut');
    await page.screenshot({ path: join(SHOTS, 'split-fields-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await eventually(async () => (await fieldsOverflow(page)) <= 0, 5000, 'no sideways scroll at 1024');
    assert.ok(await price.getByLabel('Description').isVisible());
    await page.screenshot({ path: join(SHOTS, 'split-fields-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A field written on one line stays on one line when it gets a default.
    await price.getByLabel('Default').fill('5');
    await price.getByLabel('Default').press('Enter');
    await page.getByTestId('unsaved').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+s');
    await eventually(() => readFileSync(configPath, 'utf8').includes('default: 5'), 10_000, 'the save');
    assert.match(readFileSync(configPath, 'utf8'), /\n {6}price: \{ type: number, default: 5 \}\n/);
    await page.getByTestId('unsaved').waitFor({ state: 'detached', timeout: 10_000 });

    // A form edit typed back to the saved text: the text is the saved one again, so not "unsaved".
    await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
    await forms(page).locator('.endpoint-group', { hasText: '/greet' }).getByRole('button').first().click();
    const card = forms(page).getByRole('region', { name: 'Endpoint GET /greet' });
    await card.waitFor({ timeout: 10_000 });
    const description = card.getByLabel('Description', { exact: true });
    await description.fill('Say hello!');
    await description.blur();
    await page.getByTestId('unsaved').waitFor({ timeout: 10_000 });
    await description.fill('Say hello');
    await description.blur();
    await page.getByTestId('unsaved').waitFor({ state: 'detached', timeout: 10_000 });
    assert.match(await card.locator('.headers-hint').first().innerText(), /Sent with this response/);
    await page.screenshot({ path: join(SHOTS, 'forms-edit-undone.png') });

    // A new endpoint, written at the end of a long list: its editor and, in Split view, its YAML are scrolled to.
    await forms(page).getByRole('button', { name: 'New endpoint' }).click();
    const create = forms(page).getByRole('form', { name: 'New endpoint' });
    await create.getByLabel('Static JSON').check();
    await create.getByLabel('Path', { exact: true }).fill('/fresh');
    await create.getByLabel('Body (JSON)').fill('{ "fresh": true }');
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    const fresh = forms(page).getByRole('region', { name: 'Endpoint GET /fresh' });
    await fresh.waitFor({ timeout: 10_000 });
    await eventually(
      () =>
        fresh.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.height > 0 && r.top < el.ownerDocument.documentElement.clientHeight && r.bottom > 0;
        }),
      5000,
      "the new endpoint's editor in view",
    );
    await eventually(
      async () => (await page.locator('.monaco-editor .view-lines').innerText()).includes('/fresh'),
      5000,
      "the new endpoint's YAML in view",
    );
    await page.screenshot({ path: join(SHOTS, 'split-new-endpoint.png') });
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

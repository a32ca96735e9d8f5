// `mockyard studio db.json`: a json-server database opened in the studio, served in json-server mode,
// its config read-only under a banner, its rows in the data browser, and "Convert to a config"
// writing the YAML (never over an existing file) and going on with it, editable, on the same rows.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Finding } from './axe.js';
import { openBrowser, screenshotDir } from './browser.js';
import { scanThemes } from './db-json-scan.js';
import { focused, tabTo } from './keyboard.js';
import { eventually, runCli } from './process.js';

const DB = {
  posts: [
    { id: 1, title: 'hello', author: 'typicode' },
    { id: 2, title: 'second', author: 'ada' },
    { id: 3, title: 'third', author: 'alan' },
  ],
  comments: [{ id: 1, body: 'some comment', postId: 1 }],
  profile: { name: 'typicode' },
};

const lines = (page: Page) => page.locator('.monaco-editor .view-lines');
/** The editor's visible text (Monaco draws spaces as no-break spaces). */
const shown = async (page: Page) => (await lines(page).innerText()).replace(/\u00a0/g, ' ');

test('studio db.json: served in json-server mode, read-only config with a banner, data browser, Convert to a config by keyboard', {
  timeout: 240_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-db-json-studio-'));
  const shots = screenshotDir();
  mkdirSync(shots, { recursive: true });
  writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
  writeFileSync(join(dir, 'taken.yaml'), '# mine\n');
  const studio = runCli(['studio', 'db.json', '--port', '0', '--api-port', '0'], dir);
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  try {
    browser = await openBrowser();
    const [, studioUrl] = await studio.waitFor(/studio\s+(http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/);
    const [, mock] = await studio.waitFor(/mock\s+(http:\/\/127\.0\.0\.1:\d+)/);
    // Served as `mockyard serve db.json` serves it: json-server's singular resource and its `{}` 404.
    assert.deepEqual(await (await fetch(`${mock}/profile`)).json(), { name: 'typicode' });
    const missing = await fetch(`${mock}/posts/99`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), {});

    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl as string);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();

    // The banner says what this is; the config is the inferred YAML, read-only, with no forms.
    const banner = page.getByTestId('db-json-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /db\.json is a json-server database, served in json-server mode/);
    await eventually(
      async () => /Imported from the json-server database db.json/.test(await shown(page)),
      20_000,
      'the inferred YAML',
    );
    assert.equal(await page.getByRole('button', { name: 'Forms' }).count(), 0);
    await lines(page).click();
    await page.keyboard.type('zzz');
    await page.keyboard.press('Control+s');
    await page.getByText('db.json is read-only here: Convert to a config to edit it.').waitFor();
    assert.equal(await page.getByTestId('config-error').count(), 0);
    assert.doesNotMatch(await shown(page), /zzz/);
    assert.equal(readFileSync(join(dir, 'db.json'), 'utf8'), JSON.stringify(DB));

    const found: Finding[] = [];
    await scanThemes(page, 'db-json-banner-1440', found, shots);
    await page.setViewportSize({ width: 1024, height: 700 });
    await scanThemes(page, 'db-json-banner-1024', found, shots);

    // The data browser edits the db.json's rows, and the API serves the edit.
    await page.getByRole('tab', { name: 'Data' }).click();
    await page
      .getByRole('button', { name: /^posts/ })
      .first()
      .click();
    await page.getByTestId('row-count').filter({ hasText: '3 rows' }).waitFor({ timeout: 20_000 });
    await page.locator('.grid-cell', { hasText: 'hello' }).dblclick();
    await page.getByTestId('cell-editor').locator('input').fill('edited in the studio');
    await page.keyboard.press('Enter');
    await eventually(
      async () =>
        ((await (await fetch(`${mock}/posts/1`)).json()) as { title: string }).title === 'edited in the studio',
      10_000,
      'the cell edit served',
    );
    await page.screenshot({ path: join(shots, 'db-json-data-1024.png') });
    await page.getByRole('tab', { name: 'Config' }).click();

    // Keyboard alone: Tab to Convert, Escape gives the focus back, Enter opens the dialog in its field.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await tabTo(page, (f) => f.testId === 'convert-open', 'Convert to a config');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('convert-dialog');
    await dialog.waitFor();
    assert.equal((await focused(page)).testId, 'convert-path');
    assert.equal(await page.getByTestId('convert-path').inputValue(), 'api.yaml');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await focused(page)).testId, 'convert-open');
    await page.keyboard.press('Enter');
    await dialog.waitFor();

    // An existing file is refused, and left as it was.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('taken.yaml');
    await page.keyboard.press('Enter');
    await dialog.getByText(/taken\.yaml exists and is never replaced/).waitFor({ timeout: 20_000 });
    assert.equal(readFileSync(join(dir, 'taken.yaml'), 'utf8'), '# mine\n');
    await scanThemes(page, 'db-json-convert-dialog-1440', found, shots);
    await page.setViewportSize({ width: 1024, height: 700 });
    await scanThemes(page, 'db-json-convert-dialog-1024', found, shots);
    assert.deepEqual(found, []);

    await page.getByTestId('convert-path').focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('api.yaml');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await banner.waitFor({ state: 'detached' });
    const written = readFileSync(join(dir, 'api.yaml'), 'utf8');
    assert.match(written, /database: db\.sqlite/);
    assert.match(written, /resource: Post/);
    assert.equal(readFileSync(join(dir, 'db.json'), 'utf8'), JSON.stringify(DB));

    // Now a config: the same rows, served in YAML mode (its 404 has a reason), the forms back, editable.
    assert.equal(((await (await fetch(`${mock}/posts/1`)).json()) as { title: string }).title, 'edited in the studio');
    const yamlMissing = await fetch(`${mock}/posts/99`);
    assert.equal(yamlMissing.status, 404);
    assert.match(JSON.stringify(await yamlMissing.json()), /"error"/);
    await page.getByRole('button', { name: 'Forms' }).waitFor();
    // json-server mode's column of undeclared fields held nothing: dropped, so no hidden-column warnings.
    assert.equal(await page.getByText(/_extra/).count(), 0);
    await page.screenshot({ path: join(shots, 'db-json-converted-1024.png') });
    await lines(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n# edited after the conversion\n');
    await page.keyboard.press('Control+s');
    await eventually(
      () => readFileSync(join(dir, 'api.yaml'), 'utf8').includes('# edited after the conversion'),
      10_000,
      'the save of the converted config',
    );
    assert.deepEqual(errors, []);
  } finally {
    await browser?.close();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

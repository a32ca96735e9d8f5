// json-server mode in the studio's data browser: the fields a write sent that the db.json never had
// (kept in the hidden `_extra` column) show as columns of their own, read-only and marked "extra",
// as json-server shows the record; `_extra` is no column; editing a declared field keeps them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Finding } from './axe.js';
import { openBrowser, screenshotDir } from './browser.js';
import { scanThemes } from './db-json-scan.js';
import { eventually, runCli } from './process.js';

const DB = {
  posts: [
    { id: 1, title: 'hello', author: 'typicode' },
    { id: 2, title: 'second', author: 'ada' },
  ],
};

test('studio db.json: a write’s undeclared fields show as read-only extra columns, no _extra column, and a cell edit keeps them', {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-db-json-extras-'));
  const shots = screenshotDir();
  mkdirSync(shots, { recursive: true });
  writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
  const studio = runCli(['studio', 'db.json', '--port', '0', '--api-port', '0'], dir);
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  try {
    browser = await openBrowser();
    const [, studioUrl] = await studio.waitFor(/studio\s+(http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/);
    const [, mock] = await studio.waitFor(/mock\s+(http:\/\/127\.0\.0\.1:\d+)/);
    // A json-server client writes fields the db.json never had.
    const patched = await fetch(`${mock}/posts/2`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'the second', tags: ['a', 'b'] }),
    });
    assert.equal(patched.status, 200);

    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl as string);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('row-count').filter({ hasText: '2 rows' }).waitFor({ timeout: 20_000 });

    const headers = page.getByRole('columnheader');
    await headers.filter({ hasText: 'nickname' }).waitFor({ timeout: 10_000 });
    const names = (await headers.allInnerTexts()).map((t) => t.trim());
    assert.ok(!names.some((n) => n.startsWith('_extra')), `no _extra column: ${names.join(' | ')}`);
    assert.match(await headers.filter({ hasText: 'nickname' }).innerText(), /nickname\s+extra/);
    assert.match(await headers.filter({ hasText: 'tags' }).innerText(), /tags\s+extra/);
    await page.locator('.grid-cell', { hasText: 'the second' }).waitFor();
    await page.locator('.grid-cell', { hasText: '["a","b"]' }).waitFor();
    // Text shows as text, as json-server shows it (not as a quoted JSON value).
    assert.equal(await page.locator('.grid-cell', { hasText: 'the second' }).innerText(), 'the second');
    assert.match(await page.getByTestId('extra-fields-note').innerText(), /^nickname, tags: .*read-only/s);

    // Read-only: a double-click opens no editor, and a header click does not sort (or fail).
    await page.locator('.grid-cell', { hasText: 'the second' }).dblclick();
    assert.equal(await page.getByTestId('cell-editor').count(), 0);
    await headers.filter({ hasText: 'nickname' }).getByRole('button').click();
    assert.equal(await headers.filter({ hasText: 'nickname' }).getAttribute('aria-sort'), 'none');
    assert.equal(await page.getByTestId('data-error').count(), 0);

    // By keyboard: Right from the author cell reaches the extra column; Enter and typing open no editor there.
    await page.locator('.grid-cell', { hasText: 'ada' }).click();
    await page.keyboard.press('ArrowRight');
    assert.equal(
      await page.locator('.grid-cell.active').innerText(),
      'the second',
      'the extra column is in the grid’s keyboard model',
    );
    await page.keyboard.press('Enter');
    await page.keyboard.type('x');
    assert.equal(await page.getByTestId('cell-editor').count(), 0);
    await page.keyboard.press('Escape');

    const found: Finding[] = [];
    await scanThemes(page, 'db-json-extras-1440', found, shots);
    await page.setViewportSize({ width: 1024, height: 700 });
    await scanThemes(page, 'db-json-extras-1024', found, shots);
    assert.deepEqual(found, []);

    // Editing a declared field of that row keeps its extras, in the grid and in the API's answer.
    await page.locator('.grid-cell', { hasText: /^second$/ }).dblclick();
    await page.getByTestId('cell-editor').locator('input').fill('renamed');
    await page.keyboard.press('Enter');
    await eventually(
      async () => ((await (await fetch(`${mock}/posts/2`)).json()) as { title: string }).title === 'renamed',
      10_000,
      'the cell edit served',
    );
    assert.deepEqual(await (await fetch(`${mock}/posts/2`)).json(), {
      id: 2,
      title: 'renamed',
      author: 'ada',
      nickname: 'the second',
      tags: ['a', 'b'],
    });
    await page.locator('.grid-cell', { hasText: 'renamed' }).waitFor();
    await page.locator('.grid-cell', { hasText: 'the second' }).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await browser?.close();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

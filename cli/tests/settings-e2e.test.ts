import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openBrowser, screenshotDir } from './browser.js';
import { eventually, runCli } from './process.js';

const CONFIG = `endpoints:
  - path: /health
    method: GET
    response: { inline: { status: ok } }
`;

test('first run shows a dismissible welcome; settings change the theme and make saving wait for Apply', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-settings-e2e-'));
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, CONFIG);
  const studio = runCli(['studio', configPath, '--port', '0', '--api-port', '0'], dir);
  const browser = await openBrowser();
  try {
    const [, studioUrl] = await studio.waitFor(/studio\s+(http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/);
    const [, mock] = await studio.waitFor(/mock\s+(http:\/\/127\.0\.0\.1:\d+)/);
    const { page } = browser;
    await page.goto(studioUrl as string);
    const welcome = page.getByTestId('welcome');
    await welcome.waitFor({ timeout: 20_000 });
    const text = await welcome.innerText();
    assert.ok(text.includes(mock as string), 'the welcome names the URL to call');
    assert.ok(text.includes(configPath), 'and where the files are');
    mkdirSync(screenshotDir(), { recursive: true });
    await page.screenshot({ path: join(screenshotDir(), 'settings-1-welcome.png') });
    await page.getByTestId('welcome-never').click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('endpoint-list').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('welcome').count(), 0, 'dismissed forever');

    await page.getByTestId('open-settings').click();
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByLabel('Apply on save').uncheck();
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate('document.documentElement.dataset.theme'), 'dark');

    // With auto-apply off, a save writes the file but the server changes only on Apply.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl as string).origin });
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify('  - path: /later\n    method: GET\n    response: { inline: { applied: true } }\n')})`);
    await page.keyboard.press('Control+V');
    await page.locator('.monaco-editor .view-lines', { hasText: '/later' }).waitFor();
    await page.keyboard.press('Control+S');
    await page.getByTestId('apply').waitFor({ timeout: 5000 });
    assert.equal((await fetch(`${mock}/later`)).status, 404, 'saved, not applied');
    await page.screenshot({ path: join(screenshotDir(), 'settings-2-dark-pending-apply.png') });
    await page.getByTestId('apply').click();
    await eventually(async () => (await fetch(`${mock}/later`)).status === 200, 5000, 'GET /later after Apply').catch(async (err: Error) => {
      await page.screenshot({ path: join(screenshotDir(), 'settings-failed.png') });
      throw err;
    });
    await page.getByTestId('apply').waitFor({ state: 'detached' });
  } finally {
    await browser.close();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

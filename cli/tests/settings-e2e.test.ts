import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `endpoints:
  - path: /health
    method: GET
    response: { inline: { status: ok } }
`;

test('first run shows a dismissible welcome; settings change the theme and make saving wait for Apply', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, configPath, shots, context } = s;
    await page.goto(studioUrl);
    const welcome = page.getByTestId('welcome');
    await welcome.waitFor({ timeout: 20_000 });
    const text = await welcome.innerText();
    assert.ok(text.includes(mock), 'the welcome names the URL to call');
    assert.ok(text.includes(configPath), 'and where the files are');
    await page.screenshot({ path: join(shots, 'settings-1-welcome.png') });
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.evaluate(
      `navigator.clipboard.writeText(${JSON.stringify('  - path: /later\n    method: GET\n    response: { inline: { applied: true } }\n')})`,
    );
    await page.keyboard.press('Control+V');
    await page.locator('.monaco-editor .view-lines', { hasText: '/later' }).waitFor();
    await page.keyboard.press('Control+S');
    await page.getByTestId('apply').waitFor({ timeout: 5000 });
    assert.equal((await fetch(`${mock}/later`)).status, 404, 'saved, not applied');
    await page.screenshot({ path: join(shots, 'settings-2-dark-pending-apply.png') });
    await page.getByTestId('apply').click();
    await eventually(async () => (await fetch(`${mock}/later`)).status === 200, 5000, 'GET /later after Apply').catch(
      async (err: Error) => {
        await page.screenshot({ path: join(shots, 'settings-failed.png') });
        throw err;
      },
    );
    await page.getByTestId('apply').waitFor({ state: 'detached' });
  } finally {
    await s.close();
  }
});

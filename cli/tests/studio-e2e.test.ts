import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: string
endpoints:
  - path: /health
    method: GET
    response:
      inline: { status: ok }
  - resource: User
`;

const UNKNOWN_SCHEMA = "Endpoint GET /comments references unknown schema 'Comment'. Define it under `schemas:`.";

test('the browser studio edits, validates, saves and hot-reloads the config, and follows outside edits', {
  timeout: 120_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, shots, context } = s;
    const mockUrl = s.mock;
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    // Pasting puts text in as written; typing it would let Monaco auto-indent every new line.
    const paste = async (text: string): Promise<void> => {
      await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
      await page.keyboard.press('Control+V');
    };
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="endpoint-list"] li');
    assert.equal(await page.locator('[data-testid="endpoint-list"] li').count(), 7);
    await page.screenshot({ path: join(shots, '1-studio-loaded.png') });

    // Type an endpoint that references a schema nobody declared.
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    const typedAt = performance.now();
    await paste('\n  - path: /comments\n    method: GET\n    response: { schema: Comment, type: array }\n');
    const problem = page.locator('[data-testid="problems"] .problem', { hasText: UNKNOWN_SCHEMA });
    await problem.waitFor({ timeout: 5000 }).catch(async (err: Error) => {
      await page.screenshot({ path: join(shots, 'failed-typing.png') });
      throw err;
    });
    t.diagnostic(`typing to problem shown (debounce included): ${(performance.now() - typedAt).toFixed(0)} ms`);
    assert.equal((await problem.locator('.where').textContent())?.trim(), '15:25');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 5000 });
    await page.locator('[data-testid="problem-count"]', { hasText: '1 problem' }).waitFor();
    await page.screenshot({ path: join(shots, '2-unknown-schema-marker.png') });

    // Fix it by declaring the schema, save with Ctrl+S, and see the new endpoint answer over HTTP.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await paste('\n  Comment:\n    properties:\n      id: integer\n      text: string');
    await page.locator('[data-testid="problem-count"]', { hasText: '0 problems' }).waitFor();
    const savedAt = performance.now();
    await page.keyboard.press('Control+S');
    await eventually(
      async () => (await fetch(`${mockUrl}/comments`)).status === 200,
      10_000,
      'GET /comments to answer',
    );
    t.diagnostic(`save to new endpoint answering: ${(performance.now() - savedAt).toFixed(0)} ms`);
    assert.match(readFileSync(configPath, 'utf8'), /Comment:/);
    await page.locator('[data-testid="endpoint-list"] li', { hasText: '/comments' }).waitFor();
    await page.locator('[data-testid="unsaved"]').waitFor({ state: 'detached' });

    // An invalid save keeps the last valid config serving.
    await page.keyboard.press('Control+End');
    await paste('  - path: /broken\n    method: GETT\n    response: { inline: {} }\n');
    await page.keyboard.press('Control+S');
    await page
      .locator('[data-testid="server-state"]', { hasText: 'Serving last valid config' })
      .waitFor({ timeout: 5000 });
    assert.equal((await fetch(`${mockUrl}/comments`)).status, 200);
    assert.equal((await fetch(`${mockUrl}/health`)).status, 200);
    assert.match(readFileSync(configPath, 'utf8'), /GETT/);
    await page.screenshot({ path: join(shots, '3-serving-last-valid.png') });

    // An outside edit (another editor, git) shows up in the clean editor and is served.
    writeFileSync(
      configPath,
      `${CONFIG}  - path: /outside\n    method: GET\n    response:\n      inline: { from: disk }\n`,
    );
    await page.locator('.monaco-editor .view-lines', { hasText: '/outside' }).waitFor({ timeout: 10_000 });
    await eventually(async () => (await fetch(`${mockUrl}/outside`)).status === 200, 10_000, 'GET /outside to answer');
    await page.locator('[data-testid="server-state"]', { hasText: /^Running$/ }).waitFor();
    await page.screenshot({ path: join(shots, '4-outside-edit.png') });

    // The Log tab shows the requests made above.
    await page.getByRole('tab', { name: 'Log' }).click();
    await page.getByTestId('log-row').filter({ hasText: '/outside' }).first().waitFor({ timeout: 5000 });
    await page.screenshot({ path: join(shots, '5-log.png') });
    assert.deepEqual(failed, []);
    t.diagnostic(`screenshots in ${shots}`);
  } finally {
    await s.close();
  }
});

test('a port in use shows in the studio with a one-click free port', { timeout: 60_000 }, async () => {
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const busy = (blocker.address() as AddressInfo).port;
  const s = await openStudio(`server:\n  port: ${busy}\n${CONFIG}`, []);
  try {
    const { page, studioUrl } = s;
    await page.goto(studioUrl);
    const banner = page.locator('[data-testid="server-error"]');
    await banner.waitFor({ timeout: 20_000 });
    assert.match((await banner.textContent()) ?? '', new RegExp(`Port ${busy} is in use — choose another`));
    await page.screenshot({ path: join(s.shots, '6-port-in-use.png') });
    await banner.getByRole('button', { name: /Use port \d+/ }).click();
    await page.locator('[data-testid="server-state"]', { hasText: /^Running$/ }).waitFor({ timeout: 10_000 });
    const url = (await page.locator('.statusbar .url').textContent()) ?? '';
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(url, `http://127.0.0.1:${busy}`);
    assert.equal((await fetch(`${url}/health`)).status, 200);
  } finally {
    blocker.close();
    await s.close();
  }
});

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { axeFindings, countByRule, type Finding, textGaps } from './axe.js';
import { FIXTURES } from './openapi-helpers.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      active: boolean
  Post:
    properties:
      id: integer
      title: { type: string, required: true }
      code: { type: integer, unique: true }
      published: datetime
      authorId: { type: integer, references: User }
endpoints:
  - resource: User
  - resource: Post
  - path: /greet
    method: GET
    response: { inline: { hello: world } }
  - path: /pay
    method: POST
    setScenario: { order: paid }
    response: { inline: { ok: true } }
    callbacks:
      - url: http://127.0.0.1:9/hooks
  - path: /ws/echo
    websocket:
      messages:
        - when: { message.type: ping }
          reply: { inline: { type: pong } }
  - path: /sse/users
    sse: { feed: User }
scenarios:
  order: started
seed:
  User:
    - { name: Ada, active: true }
    - { name: Alan }
  Post:
    - { title: First, code: 7, authorId: 1, published: "2024-05-01T10:00:00Z" }
`;

type Theme = 'light' | 'dark';

/** Texts with a stray space (see textGaps), from every light state scanned. */
const gaps: string[] = [];

/** Every tab, panel, menu and dialog of the studio, one after another, each scanned by axe. */
async function scanAll(page: Page, theme: Theme, size: string, full: boolean): Promise<Finding[]> {
  const found: Finding[] = [];
  const scan = async (name: string) => {
    const state = `${name} (${theme}, ${size})`;
    process.stderr.write(`axe: ${state}\n`);
    await page.screenshot({ path: `/tmp/shots39/axe-${name.replace(/\W+/g, '-')}-${theme}-${size}.png` });
    // The theme changes colours only: the dark pass checks contrast, the light pass every rule.
    found.push(...(await axeFindings(page, state, theme === 'dark' ? ['color-contrast'] : undefined)));
    if (theme === 'light') gaps.push(...(await textGaps(page, state)));
  };
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();

  await tab('Config');
  await page.getByRole('button', { name: 'YAML' }).click();
  await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
  await scan('config-yaml');
  await page.getByRole('button', { name: 'Forms' }).click();
  await page.locator('.forms').waitFor();
  await scan('config-forms');
  if (full) {
    const forms = page.getByTestId('forms');
    await forms.getByRole('tab', { name: 'Server' }).click();
    await forms.getByRole('group', { name: 'Scenarios' }).waitFor();
    await scan('config-forms-scenarios');
    await forms.getByRole('tab', { name: 'Endpoints' }).click();
    await forms.locator('.endpoint-group').filter({ hasText: '/pay' }).locator('.endpoint-item').click();
    await forms.getByTestId('callback-1').waitFor();
    await scan('config-forms-callbacks');
    for (const [path, kind] of [
      ['/ws/echo', 'websocket'],
      ['/sse/users', 'sse'],
    ] as const) {
      await forms.locator('.endpoint-group').filter({ hasText: path }).locator('.endpoint-item').click();
      await forms
        .getByRole('region', { name: `${kind === 'websocket' ? 'WebSocket' : 'Server-Sent Events'} ${path}` })
        .waitFor();
      await scan(`config-forms-${kind}`);
    }
    await forms.getByRole('tab', { name: 'Schemas' }).click();
  }
  if (full) {
    await page.getByRole('button', { name: 'Split' }).click();
    await scan('config-split');
    await page.getByRole('button', { name: 'YAML' }).click();
  }

  await tab('Data');
  await page.getByTestId('row-count').filter({ hasText: /rows?/ }).waitFor();
  await page.locator('.grid-row[data-row="0"]').waitFor();
  await scan('data');
  if (full) {
    await page.getByTestId('more').click();
    await scan('data-menu');
    await page.keyboard.press('Escape');
    for (const [item, dialog] of [
      ['generate', 'generate-dialog'],
      ['import', 'import-dialog'],
      ['save-seed', 'confirm-dialog'],
      ['reset-seed', 'confirm-dialog'],
    ] as const) {
      await page.getByTestId('more').click();
      await page.getByTestId(item).click();
      await page.getByTestId(dialog).waitFor();
      if (item === 'generate') await page.getByTestId('generate-preview').waitFor();
      await scan(`data-${item}`);
      await page.getByTestId(dialog).getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId(dialog).waitFor({ state: 'detached' });
    }
    await page.getByTestId('add-row').click();
    await page.getByTestId('row-form').waitFor();
    await scan('data-add-row');
    await page.getByTestId('row-form').getByRole('button', { name: 'Cancel' }).click();
  }

  await tab('Log');
  await page.getByTestId('log-row').first().waitFor();
  await scan('log');
  if (full) {
    // An HTTP request (the newest row may be a WebSocket connection Try it opened on an earlier pass).
    await page.getByTestId('log-row').filter({ hasText: '/greet' }).first().click();
    await page.getByTestId('log-detail').waitFor();
    await scan('log-detail');
    await page.getByTestId('log-more').click();
    await scan('log-menu');
    await page.keyboard.press('Escape');
    await page
      .getByTestId('log-detail')
      .getByRole('button', { name: /Replay/ })
      .click();
    await page.getByTestId('tryit').waitFor();
    await scan('try-it');
    await page.getByTestId('tryit').getByRole('button', { name: /Close/ }).first().click();
    // A WebSocket connection in the Log, and Try it on it.
    await page.getByTestId('log-row').filter({ hasText: '/ws/echo' }).last().click();
    await page.getByTestId('log-detail').getByTestId('stream-state').waitFor();
    await scan('log-connection');
    await page.getByTestId('log-detail').getByTestId('replay').click();
    await page.getByTestId('tryit').getByTestId('tryit-connect').click();
    await page.getByTestId('tryit').getByTestId('frame-info').nth(1).waitFor();
    await scan('try-it-websocket');
    await page.getByTestId('tryit').getByRole('button', { name: /Close/ }).first().click();

    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-dialog').waitFor();
    await scan('settings');
    await page.getByTestId('settings-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('scenario-switcher').click();
    await page.getByRole('dialog', { name: 'Scenario states' }).waitFor();
    await scan('scenario-switcher');
    await page.keyboard.press('Escape');

    await page.getByTestId('port-button').click();
    await page.getByTestId('port-dialog').waitFor();
    await scan('port');
    await page.getByTestId('port-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('openapi-menu').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('openapi-import-item').click();
    await (await chooser).setFiles(join(FIXTURES, 'petstore.yaml'));
    await page.getByTestId('openapi-import-summary').waitFor();
    await scan('openapi-import');
    await page.getByTestId('openapi-import').getByRole('button', { name: 'Cancel' }).click();
  }
  return found;
}

test('axe-core finds no critical or serious violation on any tab, menu or dialog, light and dark, at 1440x900 and 1024x700', {
  timeout: 600_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock } = s;
    page.setDefaultTimeout(10_000);
    // A WebSocket connection for the Log (first: the newest rows stay HTTP requests): a ping, its pong, closed.
    const ws = new WebSocket(`${mock.replace(/^http/, 'ws')}/ws/echo`);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send('{"type":"ping"}');
    await new Promise((resolve) => ws.once('message', resolve));
    ws.close(1000, 'done');
    // Requests for the Log: a hit, a miss and a refusal.
    for (const path of ['/users', '/greet?name=x', '/nope']) await fetch(`${mock}${path}`);
    await fetch(`${mock}/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // An outgoing callback for the Log (refused: nothing listens on port 9).
    await fetch(`${mock}/pay`, { method: 'POST' });
    const found: Finding[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(studioUrl);
      await page.getByTestId('welcome').waitFor({ timeout: 20_000 });
      found.push(
        ...(await axeFindings(page, `welcome (${theme}, 1440)`, theme === 'dark' ? ['color-contrast'] : undefined)),
      );
      found.push(...(await scanAll(page, theme, '1440', true)));
      await page.setViewportSize({ width: 1024, height: 700 });
      found.push(...(await scanAll(page, theme, '1024', false)));
    }
    writeFileSync(
      '/tmp/shots39/axe-findings.json',
      JSON.stringify({ byRule: countByRule(found), found, gaps }, null, 2),
    );
    assert.deepEqual([...new Set(gaps)], [], 'no text of the studio has a stray space');
    assert.deepEqual(
      found.map((f) => `${f.state}: ${f.rule} (${f.impact}, ${f.nodes} nodes) e.g. ${f.example}`),
      [],
    );
  } finally {
    await s.close();
  }
});

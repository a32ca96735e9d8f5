import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { axeFindings, type Finding } from './axe.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `# Realtime forms e2e: every line has a comment
schemas: # record shapes
  Note: # a note
    properties: # its fields
      id: integer # the key
      text: string # what it says
endpoints: # the API
  - resource: Note # /notes
server: # how it listens
  port: 0 # any free port
`;

const forms = (page: Page) => page.getByTestId('forms');

/** The config text as saved (Ctrl+S in the editor), once it has `expected`. */
async function saved(page: Page, configPath: string, expected: string): Promise<string> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+s');
  await eventually(() => readFileSync(configPath, 'utf8').includes(expected), 10_000, `the save with ${expected}`);
  return readFileSync(configPath, 'utf8');
}

async function newEndpoint(page: Page, kind: string, path: string, feed?: string): Promise<void> {
  await forms(page).getByRole('button', { name: 'New endpoint' }).click();
  const create = forms(page).getByRole('form', { name: 'New endpoint' });
  await create.getByLabel(kind, { exact: true }).check();
  await create.getByLabel('Path', { exact: true }).fill(path);
  if (feed) {
    await create.getByLabel('Sends').selectOption('feed');
    await create.getByLabel('Schema', { exact: true }).selectOption(feed);
  }
  await create.getByRole('button', { name: 'Create endpoint' }).click();
  await create.waitFor({ state: 'detached', timeout: 10_000 });
}

test('WebSocket and SSE endpoints made and edited with the forms only: the YAML the issue shows, every comment kept, axe clean', {
  timeout: 240_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('button', { name: 'Split' }).click();
    await forms(page).getByRole('tab', { name: 'Endpoints' }).click();

    // The New endpoint form offers both kinds; a path is asked for.
    await forms(page).getByRole('button', { name: 'New endpoint' }).click();
    const create = forms(page).getByRole('form', { name: 'New endpoint' });
    await create.getByLabel('WebSocket', { exact: true }).check();
    assert.equal(await create.getByLabel('Path', { exact: true }).getAttribute('placeholder'), '/ws/chat/:room');
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    assert.match(await create.getByTestId('form-refused').innerText(), /Give the endpoint a path, e\.g\. \/ws\/chat/);
    await create.getByRole('button', { name: 'Cancel' }).click();

    // A scripted WebSocket endpoint, then its parts edited one by one.
    await newEndpoint(page, 'WebSocket', '/ws/chat/:room');
    const ws = forms(page).getByRole('region', { name: 'WebSocket /ws/chat/:room' });
    await ws.waitFor({ timeout: 10_000 });
    const rules = ws.getByRole('group', { name: 'Message rules' });
    await rules.getByTestId('rule-1').waitFor();
    // A second rule: say → broadcast.
    const addRule = rules.getByRole('form', { name: 'Add rule' });
    await addRule.getByLabel('Condition target').fill('message.type');
    await addRule.getByLabel('Condition value').fill('say');
    await addRule.getByRole('button', { name: 'Add rule' }).click();
    const rule2 = rules.getByTestId('rule-2');
    await rule2.getByLabel('Broadcast to every client on this path', { exact: true }).waitFor({ timeout: 10_000 });
    await rule2.getByLabel('Broadcast to every client on this path', { exact: true }).selectOption('inline');
    const broadcast = rule2.getByLabel('Broadcast to every client on this path: JSON');
    await broadcast.waitFor({ timeout: 10_000 });
    await broadcast.fill('{ "from": "{{request.query.name}}", "text": "{{message.text}}" }');
    await broadcast.blur();
    // A new rule starts by replying (the engine wants a rule to do something): now it only broadcasts.
    await rule2.getByLabel('Reply to the sender', { exact: true }).selectOption('');
    await rule2.getByLabel('Reply to the sender: JSON').waitFor({ state: 'detached', timeout: 10_000 });
    await ws.getByLabel('Otherwise (a frame no rule matches)').selectOption('ignore');
    // A refused interval (under 10 ms): the engine's reason under the box, nothing written.
    await ws.getByLabel('Every (ms)').fill('5');
    await ws.getByLabel('Every (ms)').press('Enter');
    const refusal = ws.getByRole('group', { name: 'Interval' }).getByTestId('form-refused');
    await refusal.waitFor({ timeout: 10_000 });
    assert.match(await refusal.innerText(), /must be at least 10/);
    await ws.getByLabel('Every (ms)').press('Escape');
    await ws.getByLabel('Every (ms)').fill('5000');
    await ws.getByLabel('Every (ms)').press('Enter');
    await ws.getByLabel('Interval message', { exact: true }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(shots, 'realtime-forms-1440-light-websocket.png'), fullPage: true });

    // A WebSocket feed, an SSE list with a third event and repeat, an SSE feed.
    await newEndpoint(page, 'WebSocket', '/ws/notes', 'Note');
    await forms(page).getByRole('region', { name: 'WebSocket /ws/notes' }).waitFor({ timeout: 10_000 });
    await newEndpoint(page, 'Server-Sent Events', '/sse/progress');
    const sse = forms(page).getByRole('region', { name: 'Server-Sent Events /sse/progress' });
    await sse.getByTestId('sse-event-2').waitFor({ timeout: 10_000 });
    await sse.getByRole('button', { name: 'Add event' }).click();
    await sse.getByTestId('sse-event-3').waitFor({ timeout: 10_000 });
    await sse.getByLabel('Event 3 name').fill('token');
    await sse.getByLabel('Event 3 name').press('Enter');
    await sse.getByLabel('Event 3 data', { exact: true }).selectOption('body');
    const tokenText = sse.getByLabel('Event 3 data: text');
    await tokenText.waitFor({ timeout: 10_000 });
    await tokenText.fill('{{faker "lorem.word"}}');
    await tokenText.blur();
    await sse.getByLabel('Repeat: loop the list until the client leaves').check();
    await page.screenshot({ path: join(shots, 'realtime-forms-1440-light-sse.png'), fullPage: true });
    const found: Finding[] = await axeFindings(page, 'forms: SSE endpoint (light, 1440)');
    await newEndpoint(page, 'Server-Sent Events', '/sse/notes', 'Note');
    await forms(page).getByRole('region', { name: 'Server-Sent Events /sse/notes' }).waitFor({ timeout: 10_000 });

    // The list names each kind.
    const list = forms(page).getByRole('region', { name: 'Endpoints' });
    assert.match(await list.innerText(), /WS\s+WebSocket\s/);
    assert.match(await list.innerText(), /WS\s+WebSocket feed/);
    assert.match(await list.innerText(), /SSE\s+event stream\s/);
    assert.match(await list.innerText(), /SSE\s+event stream feed/);

    // The text is what the syntax says, every comment kept.
    const text = await saved(page, configPath, '/sse/notes');
    t.diagnostic(text);
    for (const line of CONFIG.split('\n').filter(Boolean)) assert.ok(text.includes(line), `kept: ${line}`);
    const endpoints = (parse(text) as { endpoints: Record<string, unknown>[] }).endpoints;
    assert.deepEqual(endpoints.slice(1), [
      {
        path: '/ws/chat/:room',
        websocket: {
          onConnect: { inline: { hello: '{{request.query.name}}' } },
          messages: [
            { when: { 'message.type': 'ping' }, reply: { inline: { type: 'pong' } } },
            {
              when: { 'message.type': 'say' },
              broadcast: { inline: { from: '{{request.query.name}}', text: '{{message.text}}' } },
            },
          ],
          otherwise: 'ignore',
          interval: { every: 5000, send: { inline: { type: 'tick', at: '{{now}}' } } },
        },
      },
      { path: '/ws/notes', websocket: { feed: 'Note' } },
      {
        path: '/sse/progress',
        sse: {
          events: [
            { event: 'progress', data: { inline: { pct: 50 } }, delay: 500 },
            { event: 'done', data: { inline: { ok: true } }, delay: 500 },
            { event: 'token', data: { body: '{{faker "lorem.word"}}' }, delay: 500 },
          ],
          repeat: true,
        },
      },
      { path: '/sse/notes', sse: { feed: 'Note' } },
    ]);

    // Each editor again for the eye and for axe: two sizes, light and dark. Forms alone: Monaco's own
    // dark theme colours its comments at 4.2:1, which axe would lay at these forms' door in Split.
    await page.getByRole('button', { name: 'Forms' }).click();
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        const tag = `${size.width}x${size.height}-${theme}`;
        for (const [item, name] of [
          ['/ws/chat/:room', 'WebSocket /ws/chat/:room'],
          ['/sse/progress', 'Server-Sent Events /sse/progress'],
        ] as const) {
          await list.locator('.endpoint-group').filter({ hasText: item }).locator('.endpoint-item').first().click();
          const card = forms(page).getByRole('region', { name });
          await card.waitFor();
          await card.getByTestId('rule-1').or(card.getByTestId('sse-event-1')).first().waitFor();
          await page.screenshot({ path: join(shots, `realtime-forms-${tag}-${item.replace(/\W+/g, '-')}.png`) });
          found.push(
            ...(await axeFindings(page, `forms: ${name} (${tag})`, theme === 'dark' ? ['color-contrast'] : undefined)),
          );
        }
        await forms(page).getByRole('button', { name: 'New endpoint' }).click();
        await forms(page).getByRole('form', { name: 'New endpoint' }).getByLabel('WebSocket', { exact: true }).check();
        found.push(
          ...(await axeFindings(
            page,
            `forms: new WebSocket (${tag})`,
            theme === 'dark' ? ['color-contrast'] : undefined,
          )),
        );
        await forms(page).getByRole('button', { name: 'Cancel' }).click();
      }
    }
    assert.deepEqual(
      found.map((f) => `${f.state}: ${f.rule} (${f.impact}, ${f.nodes} nodes) e.g. ${f.example}`),
      [],
    );
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

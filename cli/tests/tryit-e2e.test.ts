import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, unique: true }
      age: integer
      active: { type: boolean, default: true }
endpoints:
  - resource: User
  - path: /health
    method: GET
    response: { inline: { status: ok } }
seed:
  User:
    - { name: Ada, email: ada@example.com, age: 36 }
    - { name: Grace, email: grace@example.com, age: 45 }
    - { name: Alan, email: alan@example.com, age: 41 }
`;

const panel = (page: Page) => page.getByTestId('tryit');

/** Opens Try it from the sidebar's button for `route`, e.g. "GET /users/:id". */
async function tryFromSidebar(page: Page, route: string): Promise<void> {
  if (await panel(page).isVisible()) await page.getByRole('button', { name: 'Close Try it' }).click();
  await page.getByRole('button', { name: `Try ${route}`, exact: true }).click();
  await panel(page).waitFor();
}

/** Sends and waits for the answer; returns its status and its body as shown (pretty JSON), spaces collapsed. */
async function send(page: Page): Promise<{ status: number; body: string }> {
  // Sending clears the previous answer first, so the status waited for is the new one.
  await page.getByTestId('tryit-send').click();
  await page.getByTestId('tryit-status').waitFor({ timeout: 5000 });
  const status = Number(await page.getByTestId('tryit-status').innerText());
  const body = (await page.getByTestId('tryit-body').innerText()).replace(/\s+/g, ' ').trim();
  return { status, body };
}

/** The panel fits the window: nothing of it outside the viewport, no sideways scrolling inside it. */
async function assertFits(page: Page, label: string): Promise<void> {
  const viewport = page.viewportSize();
  assert.ok(viewport);
  for (const id of ['tryit', 'tryit-send', 'tryit-path']) {
    const box = await page.getByTestId(id).boundingBox();
    assert.ok(box, `${label}: ${id} on screen`);
    assert.ok(box.x >= 0 && box.y >= 0, `${label}: ${id} starts inside`);
    assert.ok(box.x + box.width <= viewport.width + 0.5, `${label}: ${id} ends at ${box.x + box.width}`);
    assert.ok(box.y + box.height <= viewport.height + 0.5, `${label}: ${id} bottom ${box.y + box.height}`);
  }
  // A string: these tests compile without the DOM's types.
  const overflow = await page.evaluate<number>(
    "(() => { const el = document.querySelector('.tryit-scroll'); return el ? el.scrollWidth - el.clientWidth : -1; })()",
  );
  assert.equal(overflow, 0, `${label}: the panel does not scroll sideways`);
}

test('Try it: from the sidebar a GET and a POST built from the schema; Replay from the Log edited and sent; all logged', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByTestId('table-list').getByText('users').waitFor();

    // GET /users/:id: one input for :id; Send is refused kindly until it is filled.
    await tryFromSidebar(page, 'GET /users/:id');
    assert.equal(await page.getByLabel('Method').inputValue(), 'GET');
    assert.equal(await page.getByTestId('tryit-path').inputValue(), '/users/:id');
    await page.getByTestId('tryit-send').click();
    assert.match(await page.getByTestId('tryit-error').innerText(), /Fill in the path parameter :id/);
    await page.getByLabel('Path parameter id').fill('2');
    const got = await send(page);
    assert.equal(got.status, 200);
    assert.equal(got.body, '{ 5 keys "id": 2 "name": "Grace" "email": "grace@example.com" "age": 45 "active": true }');
    assert.match(await page.getByTestId('tryit-time').innerText(), /^\d+\.\d ms · \d+ B$/);
    await page.getByText('Headers (', { exact: false }).click();
    assert.match(await page.getByTestId('tryit-headers').innerText(), /content-type\s+application\/json/);
    await assertFits(page, '1440 GET');
    await page.screenshot({ path: join(shots, 'tryit-1440-light-get.png') });

    // POST /users: a body from the schema, required first, no id, typed placeholders and defaults.
    await tryFromSidebar(page, 'POST /users');
    const skeleton = JSON.parse(await page.getByTestId('tryit-body-input').inputValue()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(skeleton), ['name', 'email', 'age', 'active']);
    assert.deepEqual(skeleton, { name: 'string', email: 'string', age: 0, active: true });
    await page
      .getByTestId('tryit-body-input')
      .fill(JSON.stringify({ ...skeleton, name: 'Tried', email: 'tried@example.com', age: 30 }, null, 2));
    const created = await send(page);
    assert.equal(created.status, 201);
    assert.match(created.body, /"id": 4 "name": "Tried" "email": "tried@example.com" "age": 30 "active": true/);
    const id = 4;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(shots, 'tryit-1440-dark-post.png') });

    // The created row reads back, through the panel and straight from the mock.
    await tryFromSidebar(page, 'GET /users/:id');
    await page.getByLabel('Path parameter id').fill(String(id));
    const read = await send(page);
    assert.equal(read.status, 200);
    assert.match(read.body, /"name": "Tried"/);
    assert.equal(((await (await fetch(`${mock}/users/${id}`)).json()) as { email: string }).email, 'tried@example.com');

    // A list offers its parameters; a filter name is suggested from the fields.
    await page.setViewportSize({ width: 1024, height: 700 });
    await tryFromSidebar(page, 'GET /users');
    await page.getByRole('button', { name: '_sort', exact: true }).click();
    await page.getByRole('button', { name: '_limit', exact: true }).click();
    await page.getByLabel('Value of _sort').fill('-age');
    await page.getByLabel('Value of _limit').fill('2');
    assert.ok(await page.locator('#tryit-query-names option[value="age_gte"]').count());
    const list = await send(page);
    assert.equal(list.status, 200);
    assert.deepEqual(
      [...list.body.matchAll(/"name": "(\w+)"/g)].map((m) => m[1]),
      ['Grace', 'Alan'],
    );
    await assertFits(page, '1024 list');
    await page.screenshot({ path: join(shots, 'tryit-1024-dark-list.png') });
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // The Log has them all; Replay opens the POST in the panel, filled in and editable.
    await page.getByRole('tab', { name: 'Log' }).click();
    const rows = page.getByTestId('log-row');
    await rows.nth(4).waitFor({ timeout: 5000 });
    const texts = await rows.allInnerTexts();
    assert.match(texts[0] ?? '', /GET\s+\/users\?_sort=-age&_limit=2\s+200/);
    // The panel's read and the test's own fetch of the same row, logged alike.
    assert.match(texts[1] ?? '', /GET\s+\/users\/4\s+200/);
    assert.match(texts[2] ?? '', /GET\s+\/users\/4\s+200/);
    assert.match(texts[3] ?? '', /POST\s+\/users\s+201/);
    assert.match(texts[4] ?? '', /GET\s+\/users\/2\s+200/);
    await rows.nth(3).click();
    await page.getByTestId('replay').click();
    await panel(page).waitFor();
    assert.equal(await page.getByLabel('Method').inputValue(), 'POST');
    assert.equal(await page.getByTestId('tryit-path').inputValue(), '/users');
    assert.equal(await page.getByLabel('Value of content-type').inputValue(), 'application/json');
    // Only what the user sent: not what the main side's fetch added (user-agent: node, sec-fetch-mode…).
    const names = await Promise.all((await page.getByLabel('Header name').all()).map((l) => l.inputValue()));
    assert.deepEqual(names, ['accept', 'content-type']);
    const replayBody = JSON.parse(await page.getByTestId('tryit-body-input').inputValue()) as Record<string, unknown>;
    assert.deepEqual(replayBody, { name: 'Tried', email: 'tried@example.com', age: 30, active: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await assertFits(page, '1024 replay');
    await page.screenshot({ path: join(shots, 'tryit-1024-light-replay.png') });
    await page
      .getByTestId('tryit-body-input')
      .fill(JSON.stringify({ ...replayBody, name: 'Replayed', email: 'replayed@example.com' }));
    await page.getByRole('button', { name: 'Add query parameter' }).click();
    await page.getByLabel('Query parameter name').last().fill('source');
    await page.getByLabel('Value of source').fill('replay');
    const replayed = await send(page);
    assert.equal(replayed.status, 201);
    assert.match(replayed.body, /"id": 5 "name": "Replayed" "email": "replayed@example.com"/);
    await page.screenshot({ path: join(shots, 'tryit-1024-light-replayed.png') });
    await page.getByRole('button', { name: 'Close Try it' }).click();
    await eventually(
      async () => /POST\s+\/users\?source=replay\s+201/.test(await rows.first().innerText()),
      5000,
      'the replayed POST at the top of the Log',
    );
    await rows.first().click();
    assert.match((await page.getByTestId('request-body').innerText()).replace(/\s+/g, ' '), /"name": "Replayed"/);
    assert.match(
      await page.getByTestId('log-detail').locator('.request-line').innerText(),
      /POST \/users\?source=replay/,
    );

    // With the mock stopped the panel says so, and starts it on request.
    // Stopped from outside the panel (the status bar has no stop button): the studio's own call, same origin.
    await page.evaluate(
      "fetch('/api/call/server.stop', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }).then((r) => r.status)",
    );
    await tryFromSidebar(page, 'GET /health');
    await page.getByTestId('tryit-stopped').waitFor({ timeout: 5000 });
    assert.match(await page.getByTestId('tryit-stopped').innerText(), /The mock server is not running/);
    assert.equal(await page.getByTestId('tryit-send').isDisabled(), true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(shots, 'tryit-1024-dark-stopped.png') });
    await page.getByTestId('tryit-stopped').getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('tryit-stopped').waitFor({ state: 'detached', timeout: 5000 });
    const health = await send(page);
    assert.deepEqual([health.status, health.body], [200, '{ 1 key "status": "ok" }']);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(shots, 'tryit-1440-light-health.png') });
  } finally {
    await s.close();
  }
});

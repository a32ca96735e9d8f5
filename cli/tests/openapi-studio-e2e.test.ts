import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { Page } from 'playwright-core';
import { dropFile } from './drop-file.js';
import { appendToEditor } from './editor-input.js';
import { FIXTURES } from './openapi-helpers.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `# The shop mock
server:
  bodyLimit: 1048576
endpoints:
  - path: /health   # liveness
    method: GET
    response: { inline: { status: ok } }
`;

const lines = (page: Page) => page.locator('.monaco-editor .view-lines');

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
  const welcome = page.getByRole('button', { name: 'Got it' });
  if (await welcome.isVisible()) await welcome.click();
}

/** Import OpenAPI… from the OpenAPI menu, choosing `file` in the file picker. */
async function importThroughPicker(page: Page, file: string): Promise<void> {
  await page.getByTestId('openapi-menu').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('openapi-import-item').click();
  await (await chooser).setFiles(file);
}

test('Import OpenAPI (picker and drop) shows the summary, replaces and serves the config; Export gives a valid OpenAPI 3.1 document', {
  timeout: 150_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, configPath, shots, dir } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await ready(page, studioUrl);

    // Not OpenAPI: one clear message, nothing changed.
    const notes = join(dir, 'notes.yaml');
    writeFileSync(notes, 'title: my notes\nitems: [1, 2]\n');
    await importThroughPicker(page, notes);
    const error = page.getByTestId('openapi-import-error');
    await error.waitFor({ timeout: 15_000 });
    assert.match(await error.innerText(), /^Not imported: notes\.yaml is not an OpenAPI or Swagger description/);
    await page.screenshot({ path: join(shots, 'openapi-import-error.png') });
    await page.getByTestId('openapi-import').getByRole('button', { name: 'Close', exact: true }).click();
    assert.equal(readFileSync(configPath, 'utf8'), CONFIG);

    // A config dropped on the browser studio is not imported (it says how to open it), even with `server.openapi`.
    await dropFile(page, 'other.yaml', `server:\n  openapi: true\n${CONFIG}`);
    await page.getByText('To open other.yaml, run `mockyard studio other.yaml`').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('openapi-import').count(), 0);

    // A Swagger 2.0 description dropped on the window: the summary, and Cancel changes nothing.
    await dropFile(page, 'petstore-simple.json', readFileSync(join(FIXTURES, 'petstore-simple.json'), 'utf8'));
    const summary = page.getByTestId('openapi-import-summary');
    await summary.waitFor({ timeout: 15_000 });
    assert.match(await summary.innerText(), /3 schemas, 4 schema-backed endpoints, 1 static endpoint\./);
    await page.screenshot({ path: join(shots, 'openapi-import-drop-summary.png') });
    await page.getByTestId('openapi-import').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('openapi-import').waitFor({ state: 'detached' });
    assert.equal(readFileSync(configPath, 'utf8'), CONFIG);

    // The OpenAI Initiative's petstore through the picker: summary, Replace, served.
    await importThroughPicker(page, join(FIXTURES, 'petstore.yaml'));
    await summary.waitFor({ timeout: 15_000 });
    assert.match(
      await summary.innerText(),
      /Swagger Petstore 1\.0\.0: 2 schemas, 3 schema-backed endpoints, 0 static endpoints\./,
    );
    const dialog = page.getByTestId('openapi-import');
    assert.match(
      await page.getByTestId('openapi-import-replaces').innerText(),
      /^Replace saves this in mockyard\.yaml and serves it instead of what it holds now \(1 endpoint\)\. Ctrl\+Z/,
    );
    await page.screenshot({ path: join(shots, 'openapi-import-summary.png') });
    await page.getByTestId('openapi-import-replace').click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(
      () => readFileSync(configPath, 'utf8').startsWith('# Imported from petstore.yaml'),
      10_000,
      'the import saved',
    );
    await eventually(async () => (await fetch(`${mock}/pets`)).status === 200, 10_000, 'GET /pets served');
    const created = await fetch(`${mock}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1001, name: 'Rex' }),
    });
    assert.equal(created.status, 201);
    assert.equal((await fetch(`${mock}/health`)).status, 404, 'the old config was replaced');
    await page.getByTestId('endpoint-list').getByText('/pets/:petId').first().waitFor();
    await lines(page).filter({ hasText: 'Imported from petstore.yaml' }).waitFor();
    await page.screenshot({ path: join(shots, 'openapi-imported.png') });

    // Export: a download of the OpenAPI 3.1 description that the parser validates.
    await page.getByTestId('openapi-menu').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('openapi-export-json').click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'mockyard.openapi.json');
    const saved = join(dir, 'exported.json');
    await file.saveAs(saved);
    const doc = JSON.parse(readFileSync(saved, 'utf8')) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(doc.openapi, '3.1.0');
    assert.ok('/pets' in doc.paths && '/pets/{petId}' in doc.paths);
    await SwaggerParser.validate(doc as never);
  } finally {
    await s.close();
  }
});

test('Import OpenAPI can Merge: the imported schemas and endpoints are added beside the current ones, clashes said and settled', {
  timeout: 150_000,
}, async () => {
  // Pet here has other fields than the description's; GET /health is served by both.
  const mine = `${CONFIG}schemas:
  Pet: # ours
    properties:
      id: integer
      nickname: string
`;
  const s = await openStudio(mine);
  try {
    const { page, studioUrl, mock, configPath, shots } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await ready(page, studioUrl);
    await importThroughPicker(page, join(FIXTURES, 'petstore-simple.json'));
    const note = page.getByTestId('openapi-import-merge-note');
    await note.waitFor({ timeout: 15_000 });
    const said = await note.innerText();
    assert.match(said, /Merge adds 3 schemas and 4 endpoints to mockyard\.yaml and changes nothing already there/);
    assert.match(said, /Schema Pet is added as PetImported: mockyard\.yaml has a Pet with other fields\./);
    assert.match(said, /GET \/health is served already: yours is kept, the imported one left out\./);
    await page.screenshot({ path: join(shots, 'openapi-import-merge.png') });
    await page.getByTestId('openapi-import-merge').click();
    await page.getByTestId('openapi-import').waitFor({ state: 'detached' });
    await eventually(() => readFileSync(configPath, 'utf8').includes('PetImported:'), 10_000, 'the merge saved');
    const saved = readFileSync(configPath, 'utf8');
    // Every line of the config before the merge is still there, in order: the merge only adds.
    let at = 0;
    for (const line of mine.trimEnd().split('\n')) {
      const found = saved.split('\n').indexOf(line, at);
      assert.ok(found >= 0, `kept: ${line}`);
      at = found + 1;
    }
    await eventually(async () => (await fetch(`${mock}/pets`)).status === 200, 10_000, 'GET /pets served');
    const health = await fetch(`${mock}/health`);
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }], 'our /health is kept');
    // The renamed schema's endpoints store in its own table, beside ours.
    const created = await fetch(`${mock}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 77, name: 'Rex' }),
    });
    assert.equal(created.status, 200);
    await eventually(
      async () => (await page.getByTestId('unsaved').count()) === 0,
      10_000,
      'no unsaved marker after the merge is saved',
    );
  } finally {
    await s.close();
  }
});

test('the proxy URL is set in the server form; Record writes proxied answers into the config and keeps an unsaved draft', {
  timeout: 150_000,
}, async () => {
  const upstream = createServer((req, res) => {
    req.resume();
    if (req.url === '/things') res.writeHead(200, { 'content-type': 'application/json' }).end('{"things":[1,2,3]}');
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, configPath, shots, context } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studioUrl).origin });
    await ready(page, studioUrl);

    // Without a proxy, Record is disabled and says why.
    await page.getByRole('tab', { name: 'Log' }).click();
    const toggle = page.getByTestId('record-toggle');
    await toggle.waitFor();
    assert.equal(await toggle.isDisabled(), true);
    assert.match(String(await toggle.textContent()), /Record \(needs a proxy\)/);
    assert.match(String(await toggle.getAttribute('title')), /needs a proxy URL/);
    await page.screenshot({ path: join(shots, 'record-needs-proxy.png') });

    // The proxy URL in the server form: a refused value changes nothing, a good one is one edit of the YAML.
    await page.getByRole('tab', { name: 'Config' }).click();
    await page.getByRole('button', { name: 'Split' }).click();
    await page.locator('.forms').getByRole('tab', { name: 'Server' }).click();
    const proxy = page.getByLabel('Proxy URL');
    await proxy.fill('ftp://nope');
    await proxy.press('Enter');
    await page.locator('.forms [aria-invalid="true"]').waitFor({ timeout: 10_000 });
    assert.equal(await lines(page).filter({ hasText: 'ftp://nope' }).count(), 0, 'a refused value is not written');
    await proxy.fill(upstreamUrl);
    await proxy.press('Enter');
    await lines(page)
      .filter({ hasText: `proxy: ${upstreamUrl}` })
      .waitFor({ timeout: 10_000 });
    await page.getByLabel('Proxy timeout (ms)').fill('5000');
    await page.getByLabel('Proxy timeout (ms)').press('Enter');
    await lines(page).filter({ hasText: 'proxyTimeout: 5000' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(shots, 'proxy-in-server-form.png') });
    await page.keyboard.press('Control+S');
    await eventually(() => readFileSync(configPath, 'utf8').includes(`proxy: ${upstreamUrl}`), 10_000, 'proxy saved');
    assert.match(
      readFileSync(configPath, 'utf8'),
      /^# The shop mock\nserver:\n {2}bodyLimit: 1048576\n {2}proxy: .*\n {2}proxyTimeout: 5000\n/,
    );

    // An unsaved edit in the editor, then Record on.
    await page.getByRole('button', { name: 'YAML' }).click();
    await appendToEditor(page, '  - path: /mine\n    method: GET\n    response: { inline: { mine: true } }\n');
    await page.getByRole('tab', { name: /Log/ }).click();
    await eventually(async () => !(await toggle.isDisabled()), 10_000, 'Record enabled');
    await toggle.click();
    await eventually(async () => (await toggle.getAttribute('aria-pressed')) === 'true', 5000, 'recording');
    assert.match(String(await toggle.textContent()), /Recording/);

    const first = await fetch(`${mock}/things`);
    assert.equal(first.headers.get('x-mockyard-proxied'), 'true');
    assert.deepEqual(await first.json(), { things: [1, 2, 3] });
    await page.getByText('Recorded GET /things into the config').waitFor({ timeout: 10_000 });
    await page.getByTestId('log-row').first().waitFor();
    await page.screenshot({ path: join(shots, 'record-on.png') });

    // The file has the recorded endpoint; the editor has it and the unsaved draft, still unsaved.
    const onDisk = readFileSync(configPath, 'utf8');
    assert.match(onDisk, /- path: \/things\n {4}method: GET\n {4}response:\n {6}inline:/);
    assert.doesNotMatch(onDisk, /\/mine/);
    await page.getByRole('tab', { name: /Config/ }).click();
    await lines(page).filter({ hasText: '/mine' }).waitFor();
    await lines(page).filter({ hasText: '/things' }).waitFor();
    assert.equal(
      await page
        .getByRole('tab', { name: /Config/ })
        .locator('.dot')
        .count(),
      1,
      'still unsaved',
    );
    assert.equal(await page.getByTestId('disk-change').count(), 0, 'no question about the file');
    await page.screenshot({ path: join(shots, 'record-draft-kept.png') });

    // The upstream goes away: the recorded answer is served by the mock.
    await new Promise<void>((done) => {
      upstream.closeAllConnections();
      upstream.close(() => done());
    });
    const again = await fetch(`${mock}/things`);
    assert.equal(again.headers.get('x-mockyard-proxied'), null);
    assert.deepEqual(await again.json(), { things: [1, 2, 3] });

    // Saving keeps both.
    await page.keyboard.press('Control+S');
    await eventually(() => readFileSync(configPath, 'utf8').includes('/mine'), 10_000, 'draft saved');
    assert.match(readFileSync(configPath, 'utf8'), /\/things/);
  } finally {
    upstream.closeAllConnections();
    upstream.close();
    await s.close();
  }
});

// A json-server db.json dropped on the studio, or picked in Import OpenAPI, is a database to open in
// json-server mode, not an OpenAPI description to import (the desktop app opens it: electron/tests/
// db-json-open.test.ts; the browser studio says how); an OpenAPI JSON still imports as OpenAPI.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { dropFile } from './drop-file.js';
import { FIXTURES } from './openapi-helpers.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = 'endpoints:\n  - path: /health\n    method: GET\n    response: { inline: { status: ok } }\n';

/** A db.json whose records hold an `openapi` version text: the old test took it for an OpenAPI description. */
const DB = { apis: [{ id: 1, name: 'pets', openapi: '3.0.3' }], profile: { name: 'typicode' } };

test('a db.json dropped or picked in Import OpenAPI is opened as a json-server database, not imported; an OpenAPI JSON still is', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, dir, shots } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();

    await dropFile(page, 'db.json', JSON.stringify(DB));
    const told = page.getByText(
      'db.json is a json-server database: to serve it in json-server mode, run `mockyard studio db.json`',
    );
    await told.waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('openapi-import').count(), 0, 'no OpenAPI import');
    await page.screenshot({ path: join(shots, 'db-json-drop-1440.png') });

    // Import OpenAPI… with a db.json picked: the same, in the import dialog; nothing imported.
    const picked = join(dir, 'db.json');
    writeFileSync(picked, JSON.stringify(DB));
    await page.getByTestId('openapi-menu').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('openapi-import-item').click();
    await (await chooser).setFiles(picked);
    const error = page.getByTestId('openapi-import-error');
    await error.waitFor({ timeout: 15_000 });
    assert.match(await error.innerText(), /db\.json is a json-server database: to serve it in json-server mode/);
    assert.equal(await page.getByTestId('openapi-import-summary').count(), 0);
    await page.getByTestId('openapi-import').getByRole('button', { name: 'Close', exact: true }).click();
    assert.equal(readFileSync(configPath, 'utf8'), CONFIG);

    // An OpenAPI description in JSON dropped on the window is still imported (its summary shows).
    await dropFile(page, 'petstore-simple.json', readFileSync(join(FIXTURES, 'petstore-simple.json'), 'utf8'));
    await page.getByTestId('openapi-import-summary').waitFor({ timeout: 15_000 });
  } finally {
    await s.close();
  }
});

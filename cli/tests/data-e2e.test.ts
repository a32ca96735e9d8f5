import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, unique: true }
      age: integer
      active: boolean
endpoints:
  - resource: User
seed:
  User:
    - { name: Ada, email: ada@example.com, age: 36 }
    - { name: Alan, email: alan@example.com, age: 41 }
`;

test('the data browser edits, adds, deletes, generates and imports rows that the API then serves', {
  timeout: 120_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    const count = page.getByTestId('row-count');
    await count.filter({ hasText: '2 rows' }).waitFor({ timeout: 20_000 });
    // Columns: 0 id, 1 name, 2 email, 3 age, 4 active.
    const cell = (row: number, column: number) => page.locator(`.grid-row[data-row="${row}"] .grid-cell`).nth(column);

    // Edit a cell in place: the API returns the new value.
    await cell(0, 1).dblclick();
    await page.getByTestId('cell-editor').locator('input').fill('Ada Lovelace');
    await page.keyboard.press('Enter');
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' });
    await eventually(
      async () => ((await (await fetch(`${mock}/users/1`)).json()) as { name: string }).name === 'Ada Lovelace',
      5000,
      'the edit to reach the API',
    );

    // A value of the wrong type is refused at the cell, with the reason; nothing is written.
    await cell(0, 3).dblclick();
    await page.getByTestId('cell-editor').locator('input').fill('old');
    await page.keyboard.press('Enter');
    assert.match((await page.getByTestId('cell-error').textContent()) ?? '', /must be an integer/);
    await page.keyboard.press('Escape');
    // A unique conflict is refused by the engine, with its message.
    await cell(0, 2).dblclick();
    await page.getByTestId('cell-editor').locator('input').fill('alan@example.com');
    await page.keyboard.press('Enter');
    await page.getByTestId('cell-error').filter({ hasText: 'already exists' }).waitFor();
    await page.screenshot({ path: join(shots, 'data-1-refused-edit.png') });
    await page.keyboard.press('Escape');
    assert.deepEqual(await (await fetch(`${mock}/users/1`)).json(), {
      id: 1,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      age: 36,
      active: null,
    });

    // Changes made through the API show up without a refresh.
    await fetch(`${mock}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From API' }),
    });
    await count.filter({ hasText: '3 rows' }).waitFor({ timeout: 5000 });
    await page.locator('.grid-cell', { hasText: 'From API' }).waitFor();

    // Delete a row, see it gone from the API, and undo.
    await page.getByLabel('Select row 3').check();
    await page.getByTestId('delete-rows').click();
    await count.filter({ hasText: '2 rows' }).waitFor();
    assert.equal((await fetch(`${mock}/users/3`)).status, 404);
    await page.getByTestId('undo').click();
    await count.filter({ hasText: '3 rows' }).waitFor();
    assert.equal((await fetch(`${mock}/users/3`)).status, 200);

    // Generate 1,000 rows.
    const started = performance.now();
    await page.getByTestId('more').click();
    await page.getByTestId('generate').click();
    await page.getByLabel('Rows', { exact: true }).fill('1000');
    await page.getByTestId('generate-go').click();
    await count.filter({ hasText: '1,003 rows' }).waitFor({ timeout: 15_000 });
    t.diagnostic(`generate 1,000 rows: ${(performance.now() - started).toFixed(0)} ms to the grid`);
    assert.equal((await fetch(`${mock}/users?_limit=1`)).headers.get('x-total-count'), '1003');
    await page.getByTestId('grid').evaluate((el) => el.scrollTo(0, 20_000));
    await page.locator('.grid-row[data-row="720"]').waitFor();
    await page.screenshot({ path: join(shots, 'data-2-generated.png') });

    // Import a CSV with one bad line: the bad line is reported, the good rows go in.
    await page.getByTestId('more').click();
    await page.getByTestId('import').click();
    await page.getByTestId('import-file').setInputFiles({
      name: 'more.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,email,age\nGrace,grace@x.io,45\nLinus,linus@x.io,not-a-number\nKen,ken@x.io,80\n'),
    });
    await page.getByTestId('import-summary').filter({ hasText: '3 rows: 2 good, 1 bad.' }).waitFor();
    assert.match(
      (await page.getByTestId('import-bad-rows').textContent()) ?? '',
      /Row 3: Field 'age' must be an integer, not the text "not-a-number"/,
    );
    await page.screenshot({ path: join(shots, 'data-3-import-preview.png') });
    await page.getByTestId('import-go').click();
    await count.filter({ hasText: '1,005 rows' }).waitFor();
    const grace = (await (await fetch(`${mock}/users?email=grace@x.io`)).json()) as { age: number }[];
    assert.equal(grace[0]?.age, 45);
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

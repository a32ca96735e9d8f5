import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focused } from './keyboard.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: string
  Company:
    properties:
      id: integer
      name: string
endpoints:
  - resource: User
  - resource: Company
  - path: /boom
    method: GET
    status: 500
    response: { inline: { error: boom } }
seed:
  User:
    - { name: Ada }
  Company:
    - { name: A }
`;

test('the skip link, Try it adding a parameter, the Log filter with status: and no match, and the cue for new requests above', {
  timeout: 90_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.getByTestId('welcome').waitFor({ timeout: 20_000 });

    // The first Tab reaches "Skip to the views"; Enter puts the focus on the view's tab.
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).text, 'Skip to the views');
    await page.screenshot({ path: '/tmp/shots39/details-skip-link.png' });
    await page.keyboard.press('Enter');
    const tab = await focused(page);
    assert.equal(tab.role, 'tab');
    assert.equal(tab.text, 'Config');

    // Try it: "Add query parameter" puts the focus in the new row's name.
    await page.getByRole('button', { name: 'Try GET /users', exact: true }).click();
    await page.getByTestId('tryit').waitFor();
    await page.getByRole('button', { name: 'Add query parameter' }).click();
    assert.equal((await focused(page)).label, 'Query parameter name');
    await page.keyboard.press('Escape');
    await page.getByTestId('tryit').waitFor({ state: 'detached' });

    // The Log filter takes status:500 as 500, and says so when nothing matches.
    await fetch(`${mock}/users`);
    await fetch(`${mock}/boom`);
    await page.getByRole('tab', { name: /^Log/ }).click();
    await page.getByTestId('log-row').nth(1).waitFor();
    await page.getByTestId('log-filter').fill('status:500');
    await page.getByTestId('log-counts').filter({ hasText: '1 shown of 2 kept' }).waitFor();
    await page.getByTestId('log-filter').fill('status:404');
    await page.getByTestId('log-no-match').filter({ hasText: 'No request matches “status:404”' }).waitFor();
    await page.screenshot({ path: '/tmp/shots39/details-log-no-match.png' });
    await page.getByTestId('log-filter').fill('');

    // The list is one tab stop: Down chooses the newest request and opens it, Escape closes it.
    await page.getByTestId('log-list').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('log-detail').waitFor();
    assert.equal(await page.locator('[data-testid="log-row"][aria-selected="true"]').count(), 1);
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('log-detail').filter({ hasText: '/users' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('log-detail').waitFor({ state: 'detached' });

    // Scrolled down, new requests arrive above: a cue says how many and goes up to them.
    for (let i = 0; i < 60; i++) await fetch(`${mock}/users?page=${i}`);
    await page.getByTestId('log-counts').filter({ hasText: '62 kept' }).waitFor();
    const list = page.getByTestId('log-list');
    await list.evaluate((el) => {
      el.scrollTop = 300;
      el.dispatchEvent(new Event('scroll'));
    });
    for (let i = 0; i < 3; i++) await fetch(`${mock}/users?late=${i}`);
    const cue = page.getByTestId('log-new');
    await cue.filter({ hasText: '3 new requests' }).waitFor();
    await page.screenshot({ path: '/tmp/shots39/details-log-new-cue.png' });
    await cue.click();
    await cue.waitFor({ state: 'detached' });
    assert.equal(await list.evaluate((el) => el.scrollTop), 0);

    // A table measured with one short name is measured again when Generate adds longer ones.
    await page.getByRole('tab', { name: /^Data/ }).click();
    await page.getByTestId('table-list').getByText('companies').click();
    await page.getByTestId('row-count').filter({ hasText: '1 row' }).waitFor();
    const nameColumn = page.locator('.grid-head-cell').nth(1);
    const before = (await nameColumn.boundingBox())?.width ?? 0;
    await page.getByTestId('more').click();
    await page.getByTestId('generate').click();
    await page.getByTestId('generate-preview').waitFor();
    await page.getByTestId('generate-go').click();
    await page.getByTestId('row-count').filter({ hasText: '101 rows' }).waitFor();
    const names = (await (await fetch(`${mock}/companies`)).json()) as { name: string }[];
    const wide = Math.max(...names.map((c) => c.name.length));
    await eventually(
      async () => ((await nameColumn.boundingBox())?.width ?? 0) > before,
      5000,
      'the name column to widen',
    );
    // Every generated name shows whole: its cell is as wide as its text.
    const cut = await page
      .locator('.grid-row[data-row] .grid-cell:nth-child(3)')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
    assert.equal(cut, 0, `no name cut short (longest ${wide} characters)`);
    await page.screenshot({ path: '/tmp/shots39/details-columns-after-generate.png' });
  } finally {
    await s.close();
  }
});

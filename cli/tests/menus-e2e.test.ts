import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: string
endpoints:
  - resource: User
seed:
  User:
    - { name: Ada }
`;

/** Clicks Export HAR in the Log's ⋯ menu with the mouse and returns the file's name. */
async function exportHar(page: Page): Promise<string> {
  await page.getByTestId('log-more').click();
  const item = page.getByTestId('export-har');
  // Nothing covers the item: the element at its centre is the item itself (or inside it).
  const onTop = await item.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const doc = el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown };
    const hit = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) as {
      closest?(s: string): unknown;
    };
    return hit === el || hit?.closest?.('[data-testid="export-har"]') === el;
  });
  assert.ok(onTop, 'the menu item is on top of the sticky header and the detail panel');
  const download = page.waitForEvent('download');
  await item.click({ timeout: 5000 });
  return (await download).suggestedFilename();
}

test("the Log's ⋯ menu is clicked by mouse, with and without a request selected, at 1440x900 and 1024x700", {
  timeout: 90_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock } = s;
    for (let i = 0; i < 30; i++) await fetch(`${mock}/users${i % 3 === 0 ? '/1' : ''}`);
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(studioUrl);
      await page.getByRole('tab', { name: /^Log/ }).click();
      await page.getByTestId('log-row').first().waitFor({ timeout: 20_000 });
      assert.match(await exportHar(page), /\.har$/);

      await page.getByTestId('log-row').first().click();
      await page.getByTestId('log-detail').waitFor();
      await page.getByTestId('log-more').click();
      await page.screenshot({ path: `/tmp/shots39/log-menu-selected-${width}.png` });
      await page.keyboard.press('Escape');
      assert.match(await exportHar(page), /\.har$/);
      assert.equal(await page.getByTestId('tryit').count(), 0, 'the click did not land on Replay');
    }
  } finally {
    await s.close();
  }
});

// The data browser and references (issue 20), in Chromium: a reference cell links to the record it
// names, the cell editor and the new-row form offer the referenced records (key and name, searchable,
// typing still allowed), a dangling value is refused with the API's message, and generated rows
// reference existing records.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, unique: true }
  Post:
    properties:
      id: integer
      title: { type: string, required: true }
      authorId: { type: integer, required: true, references: User }
endpoints:
  - resource: User
  - resource: Post
seed:
  User:
    - { name: Ada Lovelace, email: ada@example.com }
    - { name: Alan Turing, email: alan@example.com }
    - { name: Grace Hopper, email: grace@example.com }
  Post:
    - { title: On computable numbers, authorId: 2 }
    - { title: Notes on the engine, authorId: 1 }
`;

interface Post {
  id: number;
  title: string;
  authorId: number;
  author?: { name: string } | null;
}

const json = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;
/** Columns of posts: 0 id, 1 title, 2 authorId. */
const cell = (page: Page, row: number, column: number) =>
  page.locator(`.grid-row[data-row="${row}"] .grid-cell`).nth(column);
const optionTexts = async (page: Page) =>
  (await page.getByTestId('reference-list').getByRole('option').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));

test('a reference links to its record; the cell editor and the form offer the referenced records; generated rows reference existing ones', {
  timeout: 120_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Data' }).click();
    const count = page.getByTestId('row-count');
    await count.filter({ hasText: '3 rows' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Table', { exact: true }).selectOption('posts');
    await count.filter({ hasText: '2 rows' }).waitFor();

    // The link: users, filtered to the record, with the way back.
    const link = cell(page, 0, 2).getByTestId('reference-link');
    assert.equal(await link.innerText(), '2');
    await link.click();
    await count.filter({ hasText: '1 row' }).waitFor();
    assert.equal(await page.getByLabel('Table', { exact: true }).inputValue(), 'users');
    assert.equal(await page.getByTestId('filter').inputValue(), 'id=2');
    await cell(page, 0, 1).filter({ hasText: 'Alan Turing' }).waitFor();
    const note = page.getByTestId('jump-note');
    assert.match(await note.innerText(), /The row of users with id=2, which authorId 2 of posts references\./);
    await page.screenshot({ path: join(shots, 'references-1-link.png') });
    await page.getByTestId('jump-back').click();
    await count.filter({ hasText: '2 rows' }).waitFor();
    assert.equal(await page.getByLabel('Table', { exact: true }).inputValue(), 'posts');
    assert.equal(await page.getByTestId('filter').inputValue(), '');

    // The cell editor offers users by id and name; typing narrows the list; a click picks and saves.
    await cell(page, 0, 2).dblclick({ position: { x: 90, y: 14 } });
    const editor = page.getByLabel('Cell value');
    await editor.waitFor();
    await page.getByTestId('reference-list').getByRole('option').first().waitFor();
    assert.deepEqual(await optionTexts(page), ['1 Ada Lovelace', '2 Alan Turing', '3 Grace Hopper']);
    await page.screenshot({ path: join(shots, 'references-2-cell-options.png') });
    await editor.fill('hop');
    await page
      .getByTestId('reference-list')
      .getByRole('option')
      .filter({ hasText: 'Alan' })
      .waitFor({ state: 'detached' });
    assert.deepEqual(await optionTexts(page), ['3 Grace Hopper']);
    await page.getByRole('option', { name: /Grace Hopper/ }).click();
    await cell(page, 0, 2).getByTestId('reference-link').filter({ hasText: '3' }).waitFor();
    assert.equal((await json<Post>(`${mock}/posts/1`)).authorId, 3);

    // A value can still be typed; one that names no user is refused with the API's message.
    await cell(page, 1, 2).dblclick({ position: { x: 90, y: 14 } });
    await editor.fill('99');
    await editor.press('Enter');
    await page
      .getByTestId('cell-error')
      .filter({ hasText: "Field 'authorId' is 99, but there is no User with id 99." })
      .waitFor();
    await page.keyboard.press('Escape');
    assert.equal((await json<Post>(`${mock}/posts/2`)).authorId, 1);

    // The new-row form: the same list, picked with the keyboard.
    await page.getByTestId('add-row').click();
    const form = page.getByTestId('row-form');
    await form.getByLabel('title', { exact: true }).fill('Compilers');
    const author = form.getByLabel('authorId', { exact: true });
    await author.focus();
    await page.getByTestId('reference-list').getByRole('option').first().waitFor();
    await author.press('ArrowDown');
    await author.press('ArrowDown');
    await page.screenshot({ path: join(shots, 'references-form.png') });
    await author.press('Enter');
    assert.equal(await author.inputValue(), '2');
    await form.getByRole('button', { name: 'Create row' }).click();
    await count.filter({ hasText: '3 rows' }).waitFor();
    assert.deepEqual(await json<Post>(`${mock}/posts/3`), { id: 3, title: 'Compilers', authorId: 2 });

    // Generate: the dialog says where references come from; every generated post has an author.
    await page.getByTestId('more').click();
    await page.getByTestId('generate').click();
    await page.getByTestId('generate-notes').filter({ hasText: 'authorId picks one of the 3 ids of users.' }).waitFor();
    await page.screenshot({ path: join(shots, 'references-3-generate.png') });
    await page.getByLabel('Rows', { exact: true }).fill('40');
    await page.getByTestId('generate-go').click();
    await count.filter({ hasText: '43 rows' }).waitFor({ timeout: 15_000 });
    const posts = await json<Post[]>(`${mock}/posts?_expand=author&_limit=100`);
    assert.equal(posts.length, 43);
    assert.ok(
      posts.every((p) => [1, 2, 3].includes(p.authorId) && p.author?.name),
      'every generated post names an existing user',
    );
    assert.ok(new Set(posts.map((p) => p.authorId)).size === 3, 'the ids are spread over the users');

    // Small and dark: the list of a cell near the bottom opens upward, inside the window.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('grid').evaluate((el) => el.scrollTo(0, 100_000));
    await page.locator('.grid-row[data-row="42"]').waitFor();
    await cell(page, 42, 2).dblclick({ position: { x: 90, y: 14 } });
    const list = page.getByTestId('reference-list');
    await list.getByRole('option').first().waitFor();
    const box = await list.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 700, `list inside the window: ${JSON.stringify(box)}`);
    await page.screenshot({ path: join(shots, 'references-4-small-dark.png') });
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

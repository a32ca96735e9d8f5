import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeFindings } from './axe.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `server:
  graphql: true
schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
  Post:
    properties:
      id: integer
      title: { type: string, required: true }
      views: integer
      authorId: { type: integer, references: User }
endpoints:
  - resource: User
  - resource: Post
seed:
  User:
    - { name: Ada }
    - { name: Grace }
  Post:
    - { title: First, views: 10, authorId: 1 }
    - { title: Second, views: 20, authorId: 2 }
    - { title: Third, views: 30, authorId: 1 }
    - { title: Fourth, views: 40, authorId: 1 }
`;

const panel = (page: Page) => page.getByTestId('tryit-graphql');
const query = (page: Page) => page.getByTestId('tryit-graphql-query');
const variables = (page: Page) => page.getByTestId('tryit-graphql-variables');
const activeTestId = (page: Page) =>
  page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('data-testid')");

/** Sends and waits for the answer; returns its status and its body parsed. */
async function send(page: Page): Promise<{ status: number; body: string }> {
  await page.getByTestId('tryit-send').click();
  await page.getByTestId('tryit-status').waitFor({ timeout: 5000 });
  return responseOf(page);
}

async function responseOf(page: Page): Promise<{ status: number; body: string }> {
  const status = Number(await page.getByTestId('tryit-status').innerText());
  // As shown, every level unfolded (as a person would click them open): the body view pretty-prints
  // JSON with counts ("{ 1 key") and folds deeper levels; spaces collapsed here.
  await page.evaluate(
    "document.querySelectorAll('[data-testid=tryit-body] details').forEach((d) => { d.open = true; })",
  );
  const text = await page.getByTestId('tryit-body').innerText();
  return { status, body: text.replace(/\s+/g, ' ').trim() };
}

/** The panel fits the window and does not scroll sideways. */
async function assertFits(page: Page, label: string): Promise<void> {
  const viewport = page.viewportSize();
  assert.ok(viewport);
  for (const id of ['tryit-graphql', 'tryit-send', 'tryit-graphql-query', 'tryit-graphql-path']) {
    const box = await page.getByTestId(id).boundingBox();
    assert.ok(box, `${label}: ${id} on screen`);
    assert.ok(box.x >= 0 && box.y >= 0, `${label}: ${id} starts inside`);
    assert.ok(box.x + box.width <= viewport.width + 0.5, `${label}: ${id} ends at ${box.x + box.width}`);
    assert.ok(box.y + box.height <= viewport.height + 0.5, `${label}: ${id} bottom ${box.y + box.height}`);
  }
  const overflow = await page.evaluate<number>(
    "(() => { const el = document.querySelector('[data-testid=tryit-graphql] .tryit-scroll'); return el ? el.scrollWidth - el.clientWidth : -1; })()",
  );
  assert.equal(overflow, 0, `${label}: the panel does not scroll sideways`);
}

test('Try it sends GraphQL with variables and an operation name to the real endpoint; bad variables are refused inline; by keyboard alone; axe finds nothing serious', {
  timeout: 180_000,
}, async () => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Got it' }).click();

    // The sidebar offers the GraphQL endpoint; Try opens the GraphQL form with a starter query.
    await page.getByRole('button', { name: 'Try GraphQL /graphql', exact: true }).click();
    await panel(page).waitFor();
    assert.equal(await page.getByTestId('tryit-graphql-path').innerText(), '/graphql');
    assert.equal(await activeTestId(page), 'tryit-graphql-query', 'focus starts in the query');
    assert.match(
      await query(page).inputValue(),
      /query GetUser\(\$id: ID!\) \{\s+User\(id: \$id\) \{\s+id\s+name\s+\}/,
    );
    const starter = await send(page);
    assert.equal(starter.status, 200);
    assert.equal(starter.body, '{ 1 key "data": { 1 key "User": { 2 keys "id": "1" "name": "Ada" } } }');

    // A list with variables (a page size and a filter); the answer is the REST list's rows.
    await query(page).fill(
      'query AdaPosts($perPage: Int, $filter: PostFilter) {\n  allPosts(perPage: $perPage, sortField: "views", sortOrder: "DESC", filter: $filter) {\n    id\n    title\n    author { name }\n  }\n}',
    );
    await variables(page).fill('{ "perPage": 2, "filter": { "authorId": "1" } }');
    const list = await send(page);
    assert.equal(list.status, 200);
    const rest = (await (await fetch(`${mock}/posts?authorId=1&_sort=-views&_limit=2`)).json()) as { title: string }[];
    assert.deepEqual(
      rest.map((p) => p.title),
      ['Fourth', 'Third'],
    );
    assert.equal(
      list.body,
      '{ 1 key "data": { 1 key "allPosts": [ 2 items { 3 keys "id": "4" "title": "Fourth" "author": { 1 key "name": "Ada" } } { 3 keys "id": "3" "title": "Third" "author": { 1 key "name": "Ada" } } ] } }',
    );
    await assertFits(page, '1440 light list');
    await page.screenshot({ path: join(shots, 'tryit-graphql-1440-light-list.png') });
    const light = await axeFindings(page, 'Try it GraphQL (light, 1440)');
    assert.deepEqual(light, [], 'axe: no critical or serious violation');

    // Bad variables: an inline message, the box marked, Send sends nothing and puts focus on the box.
    await variables(page).fill('{ "perPage": 2, ');
    const problem = page.getByTestId('tryit-graphql-variables-problem');
    assert.match(await problem.innerText(), /^The variables are not valid JSON: .+\. Fix it to send\.$/);
    assert.equal(await variables(page).getAttribute('aria-invalid'), 'true');
    await page.getByTestId('tryit-send').click();
    assert.equal(await activeTestId(page), 'tryit-graphql-variables');
    // The earlier answer stays: nothing was sent.
    assert.match((await responseOf(page)).body, /"Fourth"/);
    await variables(page).fill('[1, 2]');
    assert.equal(
      await problem.innerText(),
      'The variables must be a JSON object, such as { "id": "1" }. Fix it to send.',
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(shots, 'tryit-graphql-1440-dark-bad-variables.png') });
    const dark = await axeFindings(page, 'Try it GraphQL (dark, 1440)', ['color-contrast']);
    assert.deepEqual(dark, [], 'axe: contrast in dark');

    // Two operations: the operation name picks one; a mutation with variables writes through to REST.
    await query(page).fill(
      'query Count { _allPostsMeta { count } }\nmutation Add($title: String!, $authorId: ID) {\n  createPost(title: $title, authorId: $authorId, views: 5) { id title }\n}',
    );
    await variables(page).fill('{ "title": "From GraphQL", "authorId": "2" }');
    await page.getByTestId('tryit-graphql-operation').fill('Add');
    const created = await send(page);
    assert.equal(created.status, 200);
    assert.equal(
      created.body,
      '{ 1 key "data": { 1 key "createPost": { 2 keys "id": "5" "title": "From GraphQL" } } }',
    );
    const post = (await (await fetch(`${mock}/posts/5`)).json()) as Record<string, unknown>;
    assert.deepEqual(post, { id: 5, title: 'From GraphQL', views: 5, authorId: 2 });
    // Without the name the server says which is missing (GraphQL's own error, shown as answered).
    await page.getByTestId('tryit-graphql-operation').fill('');
    const ambiguous = await send(page);
    assert.equal(ambiguous.status, 400);
    assert.match(ambiguous.body, /The query has several operations: name one with `operationName`/);

    // 1024×700 in dark and light: everything in the window, nothing sideways.
    await page.setViewportSize({ width: 1024, height: 700 });
    await assertFits(page, '1024 dark');
    await page.screenshot({ path: join(shots, 'tryit-graphql-1024-dark-error.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await assertFits(page, '1024 light');
    await page.screenshot({ path: join(shots, 'tryit-graphql-1024-light-error.png') });
    const small = await axeFindings(page, 'Try it GraphQL (light, 1024)');
    assert.deepEqual(small, [], 'axe at 1024');

    // Keyboard alone: Escape closes; the sidebar's row is reached with Tab; the draft being written comes back.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await page.getByTestId('sidebar-search').focus();
    await page.keyboard.type('graphql');
    // The filter finds the GraphQL row, so the sidebar does not say nothing matches.
    await page.getByTestId('graphql-endpoint').waitFor();
    assert.equal(await page.getByText('No endpoint matches').count(), 0);
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate<string | null>('document.activeElement && document.activeElement.textContent'),
      'POST/graphqlGraphQL',
    );
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    assert.equal(await activeTestId(page), 'tryit-graphql-query');
    assert.match(await query(page).inputValue(), /mutation Add/, 'the query written before closing is back');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('query One($id: ID!) { Post(id: $id) { title author { name } } }');
    await page.keyboard.press('Tab');
    assert.equal(await activeTestId(page), 'tryit-graphql-variables');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ "id": "2" }');
    await page.keyboard.press('Tab');
    assert.equal(await activeTestId(page), 'tryit-graphql-operation');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('tryit-status').waitFor({ timeout: 5000 });
    const byKeys = await responseOf(page);
    assert.equal(byKeys.status, 200);
    assert.equal(
      byKeys.body,
      '{ 1 key "data": { 1 key "Post": { 2 keys "title": "Second" "author": { 1 key "name": "Grace" } } } }',
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(shots, 'tryit-graphql-1440-dark-keyboard.png') });
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });

    // The Log has them, named by the operation the engine ran.
    await page.getByRole('tab', { name: 'Log' }).click();
    const rows = page.getByTestId('log-row');
    await eventually(async () => (await rows.count()) >= 6, 5000, 'six requests logged');
    await rows.first().click();
    assert.match(await page.getByTestId('log-detail').innerText(), /GraphQL query One/);
  } finally {
    await s.close();
  }
});

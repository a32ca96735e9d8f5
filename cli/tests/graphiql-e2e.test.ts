// The bundled GraphiQL page (issue 42): `mockyard serve` of a config with `server.graphql: true`;
// Chromium opens the GraphQL path, runs the query given in the URL and one typed into the editor,
// and sees the answers; nothing is requested from any host but the mock's 127.0.0.1, no CSP
// violation, axe finds no critical or serious violation. JSON and GraphQL clients are answered as
// before (no page for them), and the page's folder serves nothing outside its build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeFindings } from './axe.js';
import { openBrowser, screenshotDir } from './browser.js';
import { eventually, runCli } from './process.js';

const CONFIG = `server:
  graphql: true
schemas:
  Post:
    properties:
      id: integer
      title: { type: string, required: true }
endpoints:
  - resource: Post
seed:
  Post:
    - { title: Written in YAML }
    - { title: Read through GraphiQL }
`;

/** The text of one of GraphiQL's CodeMirror editors. */
const editorText = (page: Page, selector: string): Promise<string> =>
  page.evaluate<string>(
    `(() => { const cm = document.querySelector(${JSON.stringify(`${selector} .CodeMirror`)}); return cm && cm.CodeMirror ? cm.CodeMirror.getValue() : ''; })()`,
  );
/** The result pane's text. */
const result = (page: Page): Promise<string> => editorText(page, '.graphiql-response');

test('GET /graphql from a browser shows the bundled GraphiQL, which runs queries against the mock', {
  timeout: 90_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-graphiql-'));
  writeFileSync(join(dir, 'api.yaml'), CONFIG);
  const cli = runCli(['serve', 'api.yaml', '--db', ':memory:', '--port', '0', '--quiet'], dir);
  const browser = await openBrowser();
  try {
    const [url] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+/);

    // A JSON or GraphQL client gets what it got before the page existed.
    for (const accept of [undefined, '*/*', 'application/json', 'application/graphql-response+json']) {
      const res = await fetch(`${url}/graphql`, { headers: accept ? { accept } : {} });
      assert.equal(res.status, 400, `Accept ${accept}`);
      assert.match(res.headers.get('content-type') ?? '', /json/);
      assert.deepEqual(await res.json(), { errors: [{ message: 'A GraphQL request needs a `query` string.' }] });
    }
    const json = await fetch(`${url}/graphql?query=${encodeURIComponent('{ allPosts { title } }')}`, {
      headers: { accept: 'application/json, text/html;q=0.5' },
    });
    assert.deepEqual(await json.json(), {
      data: { allPosts: [{ title: 'Written in YAML' }, { title: 'Read through GraphiQL' }] },
    });
    // Only the GraphQL path has the page: another path is the mock's as before.
    const posts = await fetch(`${url}/posts`, { headers: { accept: 'text/html, application/json;q=0.9' } });
    assert.equal(posts.status, 200);
    assert.match(posts.headers.get('content-type') ?? '', /^application\/json/);
    // The page's folder serves its build and nothing else.
    for (const bad of ['/graphql/__graphiql/..%2f..%2fpackage.json', '/graphql/__graphiql/nothing.js']) {
      const res = await fetch(`${url}${bad}`);
      assert.equal(res.status, 404, bad);
      assert.ok(!(await res.text()).includes('"name": "mockyard"'));
    }

    const { page } = browser;
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    const listQuery = '{ allPosts { id title } }';
    const response = await page.goto(`${url}/graphql?query=${encodeURIComponent(listQuery)}`);
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-type'] ?? '', /^text\/html/);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.locator('.graphiql-container').waitFor({ timeout: 20_000 });
    // The query from the URL is in the editor; the run button sends it to the mock.
    await eventually(
      async () => (await editorText(page, '.graphiql-query-editor')) === listQuery,
      20_000,
      'the query from the URL in the editor',
    );
    await page.getByRole('button', { name: /Execute query/ }).click();
    await eventually(
      async () => /Read through GraphiQL/.test(await result(page)),
      20_000,
      'the list in the result pane',
    );
    assert.deepEqual(JSON.parse(await result(page)), {
      data: {
        allPosts: [
          { id: '1', title: 'Written in YAML' },
          { id: '2', title: 'Read through GraphiQL' },
        ],
      },
    });
    const shots = screenshotDir();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'graphiql-1440-light.png') });

    // A query typed into the editor, run with Ctrl+Enter (the keyboard alone).
    await page.locator('.graphiql-query-editor .CodeMirror').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{ Post(id: 2) { title');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    await eventually(async () => /"Post"/.test(await result(page)), 20_000, "the typed query's result");
    assert.deepEqual(JSON.parse(await result(page)), { data: { Post: { title: 'Read through GraphiQL' } } });

    // Tab indents inside an editor; Escape then Tab leaves it (the keyboard alone is never trapped).
    const focusedEditor = () =>
      page.evaluate<string>(`(() => {
        const editor = document.activeElement?.closest('.CodeMirror');
        if (!editor) return 'none';
        return editor.closest('.graphiql-query-editor') ? 'query-editor' : 'another editor';
      })()`);
    const queryEditor = await focusedEditor();
    assert.match(queryEditor, /query-editor/, 'the focus is in the query editor');
    await page.keyboard.press('Tab');
    assert.equal(await focusedEditor(), queryEditor, 'Tab alone indents and stays');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.notEqual(await focusedEditor(), queryEditor, 'Escape then Tab leaves the query editor');
    await page.keyboard.press('Escape');

    const findings = await axeFindings(page, 'GraphiQL 1440 light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1024, height: 700 });
    findings.push(...(await axeFindings(page, 'GraphiQL 1024 dark')));
    await page.screenshot({ path: join(shots, 'graphiql-1024-dark.png') });
    console.log(`# axe on the GraphiQL page: ${JSON.stringify(findings)}`);

    const offHost = requested.filter((u) => !u.startsWith('data:') && new URL(u).hostname !== '127.0.0.1');
    assert.deepEqual(offHost, [], 'no request leaves 127.0.0.1');
    assert.ok(
      requested.some((u) => u.includes('/graphql/__graphiql/assets/')),
      'the assets come from the GraphQL path',
    );
    assert.deepEqual(problems, [], 'no console error (a CSP violation would be one)');
    // GraphiQL's own, left as it is: its query tab is an <li role="tab"> with the tab's buttons
    // (select, close) inside it (nested-interactive, serious). Everything else axe found is fixed on the page (labels, contrast).
    assert.deepEqual(
      findings.filter((f) => f.rule !== 'nested-interactive'),
      [],
      'axe: no critical or serious violation but GraphiQL tab markup',
    );
    assert.ok(
      findings.every((f) => f.nodes === 1),
      'one nested-interactive node (the tab), no more',
    );
  } finally {
    await browser.close();
    await cli.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

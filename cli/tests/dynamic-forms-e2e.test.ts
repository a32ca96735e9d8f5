import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// A comment on every line: the rule and template forms must keep each one.
const CONFIG = `# Dynamic forms e2e: every line has a comment
server: # how it listens
  port: 0 # any free port
endpoints: # the HTTP API
  - path: /login # sign in
    method: POST # credentials in the body
    response: # what it answers
      inline: { token: fixed } # a constant for now
`;

const forms = (page: Page) => page.getByTestId('forms');
const oneLine = async (l: Locator): Promise<string> => (await l.innerText()).replace(/\s+/g, ' ').trim();

/** Types into a box and leaves it, which writes it. */
async function write(box: Locator, text: string): Promise<void> {
  await box.fill(text);
  await box.blur();
}

test('a template and rules built with the forms only: highlighted, previewed, kept comments, answered per rule, named in Try it and the Log', {
  timeout: 240_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('button', { name: 'Split' }).click();
    await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
    const card = forms(page).getByRole('region', { name: 'Endpoint POST /login' });
    await card.waitFor({ timeout: 10_000 });

    // The sample request the previews render against: a body with a user.
    await card.getByTestId('sample-request').locator('summary').click();
    await write(card.getByTestId('sample-request').getByLabel('Body'), '{"user": "ada", "password": "secret"}');

    // A template in the JSON body: its tags highlighted, its preview live while typing.
    const body = card.getByLabel('Body (JSON)').first();
    await body.fill('{\n  "token": "{{uuid}}",\n  "user": "{{request.body.user}}"\n}');
    assert.equal(await card.locator('.tpl-area').first().locator('mark.tpl-tag').count(), 2);
    const preview = card.getByRole('region', { name: 'Preview of the JSON body' });
    await preview.getByText('"user": "ada"').waitFor({ timeout: 10_000 });
    assert.match(await oneLine(preview), /"token": "[0-9a-f-]{36}"/);
    await body.blur();

    // A template error: shown by the preview with its place, refused on leaving, the edit kept.
    await body.fill('{ "user": "{{nope.user}}" }');
    const previewErrors = card.getByTestId('template-preview-errors');
    await previewErrors.waitFor({ timeout: 10_000 });
    t.diagnostic(`preview error: ${await previewErrors.innerText()}`);
    assert.match(await previewErrors.innerText(), /Line 1, column \d+:/);
    await body.blur();
    const refused = card.getByTestId('form-refused').first();
    await refused.waitFor({ timeout: 10_000 });
    t.diagnostic(`refused: ${await refused.innerText()}`);
    assert.equal(await body.inputValue(), '{ "user": "{{nope.user}}" }', 'the refused edit stays in the box');
    await page.screenshot({ path: join(shots, 'dynamic-1440-light-template-error.png') });
    await body.press('Escape');
    await body.blur();
    assert.match(await body.inputValue(), /request\.body\.user/);

    // JSON that does not parse is not written, and leaving the box does not throw the text away.
    const unparsed = '{ "user": "{{request.body.user}}", ';
    await body.fill(unparsed);
    await body.blur();
    await card
      .getByText(/Not valid JSON/)
      .first()
      .waitFor({ timeout: 10_000 });
    assert.equal(await body.inputValue(), unparsed, 'the unparsed text stays in the box after leaving it');
    await body.press('Escape');
    await body.blur();
    assert.match(await body.inputValue(), /request\.body\.user/);

    // Rule 1: a wrong password answers 401 with a templated error.
    const rules = card.getByRole('group', { name: 'Rules' });
    const newRule = rules.getByRole('form', { name: 'Add rule' });
    const addRule = async (target: string, op: string, value: string) => {
      await newRule.getByLabel('Condition target').fill(target);
      await newRule.getByLabel('Condition operator').selectOption({ label: op });
      if (value) await newRule.getByLabel('Condition value').fill(value);
      await newRule.getByRole('button', { name: 'Add rule' }).click();
    };
    await addRule('body.password', 'equals', 'wrong');
    const rule1 = rules.getByTestId('rule-1');
    await rule1.getByLabel('Status').waitFor({ timeout: 10_000 });
    await rule1.getByLabel('Status').fill('401');
    await rule1.getByLabel('Status').press('Enter');
    await rule1.getByLabel('Answers with').selectOption({ label: 'JSON (strings may be templates)' });
    const ruleBody = rule1.getByLabel('Body (JSON)');
    await ruleBody.waitFor({ timeout: 10_000 });
    await ruleBody.fill('{ "error": "no {{request.body.user}}" }');
    await rule1
      .getByRole('region', { name: 'Preview of the JSON body' })
      .getByText('"error": "no ada"')
      .waitFor({ timeout: 10_000 });
    await ruleBody.blur();
    await rule1.getByText('→ status 401, response').waitFor({ timeout: 10_000 });

    // Rule 2: a header sent adds a delay; then moved first with the keyboard.
    await addRule('headers.x-slow', 'is sent', '');
    const rule2 = rules.getByTestId('rule-2');
    await rule2.getByLabel('Latency (ms)').fill('5');
    await rule2.getByLabel('Latency (ms)').press('Enter');
    await rule2.getByText('→ latency').waitFor({ timeout: 10_000 });
    await rule2.getByRole('button', { name: 'Move rule 2 up' }).focus();
    await page.keyboard.press('Enter');
    await rules.getByTestId('rule-1').getByText('headers.x-slow is sent').waitFor({ timeout: 10_000 });
    // Focus followed the rule to the top, where Up is disabled: it is on Down.
    await eventually(
      async () => (await page.evaluate("document.activeElement?.getAttribute('aria-label')")) === 'Move rule 1 down',
      5000,
      'focus on the moved rule',
    );
    await page.screenshot({ path: join(shots, 'dynamic-1440-light-rules.png') });

    // The YAML: every original comment kept, the rules in their order.
    await page.keyboard.press('Control+s');
    await eventually(() => readFileSync(configPath, 'utf8').includes('x-slow'), 10_000, 'the save');
    const saved = readFileSync(configPath, 'utf8');
    t.diagnostic(saved);
    for (const line of CONFIG.split('\n').filter((l) => !l.includes('inline:')))
      assert.ok(saved.includes(line), `kept: ${line}`);
    assert.match(saved, /# a constant for now/);
    assert.ok(saved.indexOf('headers.x-slow') < saved.indexOf('body.password'), 'the moved rule comes first');
    assert.match(saved, /status: 401/);

    // The mock answers per rule over HTTP.
    const login = (password: string) =>
      fetch(`${mock}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'ada', password }),
      });
    await eventually(async () => (await login('wrong')).status === 401, 10_000, 'the rule applied');
    assert.deepEqual(await (await login('wrong')).json(), { error: 'no ada' });
    const ok = (await (await login('right')).json()) as { token: string; user: string };
    assert.equal(ok.user, 'ada');
    assert.match(ok.token, /^[0-9a-f-]{36}$/);

    // Try it names the matched rule.
    await page.getByRole('button', { name: 'Try POST /login', exact: true }).click();
    await page.getByTestId('tryit').waitFor();
    await page.getByTestId('tryit-body-input').fill('{"user": "ada", "password": "wrong"}');
    await page.getByTestId('tryit-send').click();
    const notes = page.getByTestId('tryit-notes');
    await notes.waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('tryit-status').innerText(), '401');
    assert.match(await notes.innerText(), /rule 2 matched \(line \d+\)/);
    await page.screenshot({ path: join(shots, 'dynamic-1440-light-tryit.png') });
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // So does the Log's detail.
    await page.getByRole('tab', { name: 'Log' }).click();
    await page.getByTestId('log-row').first().click();
    const logNotes = page.getByTestId('log-notes');
    await logNotes.waitFor({ timeout: 10_000 });
    assert.match(await logNotes.innerText(), /rule 2 matched/);
    await page.screenshot({ path: join(shots, 'dynamic-1440-light-log.png') });

    // The same views for the eye: two sizes, light and dark.
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      for (const dark of [false, true]) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        const tag = `${size.width}x${size.height}-${dark ? 'dark' : 'light'}`;
        await page.getByRole('tab', { name: 'Log' }).click();
        await page.screenshot({ path: join(shots, `dynamic-${tag}-log.png`) });
        await page.getByRole('tab', { name: 'Config' }).click();
        await rules.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `dynamic-${tag}-rules.png`) });
        await body.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `dynamic-${tag}-template.png`) });
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

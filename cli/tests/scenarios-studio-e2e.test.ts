import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// A comment on every line: the scenario and callback forms must keep each one.
const CONFIG = `# Scenarios e2e: every line has a comment
server: # how it listens
  port: 0 # any free port
endpoints: # the HTTP API
  - path: /order # the order
    method: GET # read it
    response: { inline: { status: new } } # before it is paid
  - path: /order/pay # pay it
    method: POST # with a body
    status: 202 # accepted
    response: { inline: { paymentId: p-1 } } # the payment
`;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver on 127.0.0.1: keeps what it got. */
async function receiver(): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const forms = (page: Page) => page.getByTestId('forms');

/** Types into a box and leaves it, which writes it. */
async function write(box: Locator, text: string): Promise<void> {
  await box.fill(text);
  await box.blur();
}

test('scenarios, setScenario, callbacks built in the forms; the status bar switcher and the Log follow the mock', {
  timeout: 240_000,
}, async (t) => {
  const hooks = await receiver();
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.getByRole('button', { name: 'Split' }).click();
    const switcher = page.getByTestId('scenario-switcher');
    assert.equal(await switcher.count(), 0, 'no switcher while the config has no scenarios');

    // 1. Server form: a scenario with its start state (a bad name refused with a reason).
    await forms(page).getByRole('tab', { name: 'Server' }).click();
    const scenarios = forms(page).getByRole('group', { name: 'Scenarios' });
    const newScenario = scenarios.getByRole('form', { name: 'New scenario' });
    await newScenario.getByLabel('Scenario name').fill('2 bad');
    await newScenario.getByLabel('Start state').fill('started');
    await newScenario.getByRole('button', { name: 'Add scenario' }).click();
    await scenarios.getByText(/A scenario name is a word/).waitFor();
    await newScenario.getByLabel('Scenario name').fill('order');
    await newScenario.getByLabel('Scenario name').press('Enter');
    await scenarios.getByTestId('scenario-order').waitFor();
    assert.equal(await scenarios.getByLabel('Start state of order').inputValue(), 'started');
    // Renamed and back by the keyboard: the name box writes on Enter.
    await scenarios.getByLabel('Name of scenario order').fill('cart');
    await scenarios.getByLabel('Name of scenario order').press('Enter');
    await scenarios.getByTestId('scenario-cart').waitFor();
    await scenarios.getByLabel('Name of scenario cart').fill('order');
    await scenarios.getByLabel('Name of scenario cart').press('Enter');
    await scenarios.getByTestId('scenario-order').waitFor();
    await page.screenshot({ path: join(shots, 'scenarios-1440-light-server.png') });

    // 2. Rules editor: the scenario.order target is offered; the rule moves the scenario on.
    await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
    const getCard = forms(page).getByRole('region', { name: 'Endpoint GET /order' });
    await getCard.waitFor();
    const rules = getCard.getByRole('group', { name: 'Rules' });
    const newRule = rules.getByRole('form', { name: 'Add rule' });
    assert.equal(await newRule.locator('datalist option[value="scenario.order"]').count(), 1, 'scenario.order offered');
    await newRule.getByLabel('Condition target').fill('scenario.order');
    await newRule.getByLabel('Condition operator').selectOption({ label: 'equals' });
    await newRule.getByLabel('Condition value').fill('paid');
    await newRule.getByRole('button', { name: 'Add rule' }).click();
    const rule1 = rules.getByTestId('rule-1');
    await rule1.getByLabel('Status').waitFor();
    await rule1.getByLabel('Status').fill('203');
    await rule1.getByLabel('Status').press('Enter');
    await write(rule1.getByLabel('Set order to'), 'shipped');
    await rule1.getByText('→ status 203, set scenario').waitFor();
    // A rule has its own callbacks too: added, shown in its summary, deleted again.
    await rule1.getByRole('button', { name: 'Add callback' }).click();
    await rule1.getByTestId('callback-1').waitFor();
    await rule1.getByText('→ status 203, set scenario, callbacks').waitFor();
    await rule1.getByRole('button', { name: 'Delete callback 1' }).click();
    await rule1.getByTestId('callback-1').waitFor({ state: 'detached' });
    await rule1.getByText(/→ status 203, set scenario$/).waitFor();
    await page.screenshot({ path: join(shots, 'scenarios-1440-light-rule.png') });

    // 3. Endpoint form: setScenario and a callback with delay, a header and a templated body.
    const payItem = forms(page).locator('.endpoint-item').filter({ hasText: 'POST' });
    await payItem.click();
    const payCard = forms(page).getByRole('region', { name: 'Endpoint POST /order/pay' });
    await write(payCard.getByLabel('Set order to'), 'paid');
    await payCard.getByRole('button', { name: 'Add callback' }).click();
    const cb = payCard.getByTestId('callback-1');
    await cb.waitFor();
    // A template in the host is refused with the engine's reason, the text kept in the box.
    await write(cb.getByLabel('Callback 1 URL'), 'http://{{request.body.host}}/hooks');
    const refused = cb.getByTestId('form-refused');
    await refused.waitFor();
    t.diagnostic(`refused: ${await refused.innerText()}`);
    assert.match(await refused.innerText(), /must start with a written-out origin/);
    assert.equal(await refused.count(), 1, 'an empty body is no body, not invalid JSON');
    assert.equal(await cb.getByLabel('Callback 1 URL').inputValue(), 'http://{{request.body.host}}/hooks');
    await cb.getByLabel('Callback 1 URL').press('Escape');
    await write(cb.getByLabel('Callback 1 URL'), `${hooks.url}/hooks/{{request.body.orderId}}`);
    await write(cb.getByLabel('Callback 1 delay (ms)'), '50');
    const newHeader = cb.getByRole('form', { name: 'New callback 1 headers' });
    await newHeader.getByLabel('Header name').fill('x-signature');
    await newHeader.getByLabel('Header value').fill('sig-{{request.body.orderId}}');
    await newHeader.getByRole('button', { name: 'Add header' }).click();
    await cb.getByTestId('header-x-signature').waitFor();
    await write(cb.getByLabel(/Callback 1 body/), '{ "paymentId": "{{response.body.paymentId}}" }');
    await cb.getByLabel('Callback 1 URL').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'scenarios-1440-light-callback.png') });

    await page.keyboard.press('Control+s');
    await eventually(() => readFileSync(configPath, 'utf8').includes('x-signature'), 10_000, 'the save');
    const saved = readFileSync(configPath, 'utf8');
    t.diagnostic(saved);
    for (const comment of [
      '# Scenarios e2e',
      '# how it listens',
      '# the order',
      '# before it is paid',
      '# accepted',
      '# the payment',
    ])
      assert.ok(saved.includes(comment), `comment kept: ${comment}`);
    assert.match(saved, /scenarios:\n\s+order: started/);
    assert.match(saved, /scenario\.order: paid/);
    assert.match(saved, /setScenario:\n\s+order: shipped/);
    assert.match(saved, /setScenario:\n\s+order: paid/);
    assert.match(saved, /callbacks:\n\s+- url: http:\/\/127\.0\.0\.1:\d+\/hooks\/\{\{request\.body\.orderId\}\}/);
    assert.match(saved, /delay: 50/);

    // 5. The switcher shows the start state, and follows a request that moves it.
    await switcher.filter({ hasText: 'order: started' }).waitFor();
    const pay = await fetch(`${mock}/order/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: 7 }),
    });
    assert.equal(pay.status, 202);
    await switcher.filter({ hasText: 'order: paid' }).waitFor();
    await eventually(() => hooks.got.length === 1, 10_000, 'the callback');
    assert.equal(hooks.got[0]?.url, '/hooks/7');
    assert.equal(hooks.got[0]?.headers['x-signature'], 'sig-7');
    assert.deepEqual(JSON.parse(hooks.got[0]?.body ?? ''), { paymentId: 'p-1' });
    const order = await fetch(`${mock}/order`);
    assert.equal(order.status, 203, 'the rule on scenario.order matched');
    await switcher.filter({ hasText: 'order: shipped' }).waitFor();

    // Set by hand from the keyboard: open, choose, Escape gives focus back.
    await switcher.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Scenario states' });
    await panel.waitFor();
    assert.equal(await page.evaluate('document.activeElement?.tagName'), 'SELECT', 'focus in the switcher');
    await page.screenshot({ path: join(shots, 'scenarios-1440-light-switcher.png') });
    await panel.getByLabel('order').selectOption('started');
    await switcher.filter({ hasText: 'order: started' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate("document.activeElement?.getAttribute('data-testid')"), 'scenario-switcher');
    assert.equal((await fetch(`${mock}/order`)).status, 200, 'the state set by hand is the mock’s');

    // 4. The Log marks the outgoing callback with its status, and a failed one with its error.
    await hooks.close();
    await fetch(`${mock}/order/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: 8 }),
    });
    await page.getByRole('tab', { name: 'Log' }).click();
    const outgoing = page.locator('[data-testid="log-row"]:has([data-direction="outgoing"])');
    await eventually(async () => (await outgoing.count()) === 2, 15_000, 'two outgoing rows');
    const ok = outgoing.filter({ hasText: '/hooks/7' });
    assert.match(await ok.innerText(), /Outgoing callback/);
    assert.match(await ok.innerText(), /204/);
    const failed = outgoing.filter({ hasText: '/hooks/8' });
    assert.match(await failed.innerText(), /failed/);
    assert.match((await failed.getByText('failed').getAttribute('title')) ?? '', /Callback failed: ECONNREFUSED/);
    assert.equal(
      await page
        .locator('[data-testid="log-row"]:has([data-direction="incoming"])')
        .filter({ hasText: '/order/pay' })
        .count(),
      2,
    );
    await page.screenshot({ path: join(shots, 'scenarios-1440-light-log.png') });

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
        await page.screenshot({ path: join(shots, `scenarios-${tag}-log.png`) });
        await page.getByRole('tab', { name: 'Config' }).click();
        await forms(page).getByRole('tab', { name: 'Endpoints' }).click();
        await payItem.click();
        await cb.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `scenarios-${tag}-callback.png`) });
        await switcher.click();
        await panel.waitFor();
        await page.screenshot({ path: join(shots, `scenarios-${tag}-switcher.png`) });
        await page.keyboard.press('Escape');
        await forms(page).getByRole('tab', { name: 'Server' }).click();
        await scenarios.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `scenarios-${tag}-server.png`) });
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
    await hooks.close().catch(() => undefined);
  }
});

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { openSse } from '../../engine/tests/realtime-clients.js';
import { axeFindings, type Finding } from './axe.js';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

const CONFIG = `schemas:
  Note:
    properties:
      id: integer
      text: string
endpoints:
  - resource: Note
  - path: /ws/chat/:room
    websocket:
      onConnect: { inline: { hello: "{{request.query.name}}", room: "{{request.params.room}}" } }
      messages:
        - when: { message.type: ping }
          reply: { inline: { type: pong } }
        - when: { message.type: bye }
          close: { code: 4000, reason: bye now }
      otherwise: echo
  - path: /sse/progress
    sse:
      events:
        - { event: progress, data: { inline: { pct: 50 } }, delay: 100 }
        - { event: done, data: { inline: { ok: true } }, delay: 100 }
  - path: /sse/notes
    sse: { feed: Note }
`;

const tryit = (page: Page) => page.getByTestId('tryit');
const frames = (page: Page) => tryit(page).getByTestId('tryit-frames');

async function openTry(page: Page, method: string, path: string): Promise<void> {
  await page.getByRole('button', { name: `Try ${method} ${path}`, exact: true }).click();
  await tryit(page).waitFor({ timeout: 10_000 });
}

test('Try it talks to WebSocket and SSE endpoints with the browser’s own clients; the Log shows each connection as one entry with its frames and close code', {
  timeout: 240_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, mock, shots } = s;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    const found: Finding[] = [];

    // WebSocket: the path parameter is asked for first (focus and a message), then frames both ways.
    await openTry(page, 'WS', '/ws/chat/:room');
    const path = tryit(page).getByTestId('tryit-path');
    assert.equal(await page.evaluate('document.activeElement?.getAttribute("data-testid")'), 'tryit-path');
    await tryit(page).getByTestId('tryit-connect').click();
    assert.match(await tryit(page).getByTestId('tryit-error').innerText(), /Fill in :room/);
    await path.fill('/ws/chat/lobby?name=ada');
    await path.press('Enter');
    await frames(page).getByTestId('frame-in').first().waitFor({ timeout: 10_000 });
    assert.deepEqual(
      JSON.parse(await frames(page).getByTestId('frame-in').first().locator('.frame-text').innerText()),
      {
        hello: 'ada',
        room: 'lobby',
      },
    );
    const message = tryit(page).getByTestId('tryit-message');
    await message.fill('{"type":"ping"}');
    await message.press('Control+Enter');
    await frames(page).getByTestId('frame-in').nth(1).waitFor({ timeout: 10_000 });
    assert.equal(
      await frames(page).getByTestId('frame-in').nth(1).locator('.frame-text').innerText(),
      '{"type":"pong"}',
    );
    // No rule matches: echoed.
    await message.fill('{"type":"say","text":"hi"}');
    await tryit(page).getByTestId('tryit-send-frame').click();
    await frames(page).getByTestId('frame-in').nth(2).waitFor({ timeout: 10_000 });
    assert.equal(
      await frames(page).getByTestId('frame-in').nth(2).locator('.frame-text').innerText(),
      '{"type":"say","text":"hi"}',
    );
    assert.equal(await frames(page).getByTestId('frame-out').count(), 2);
    await page.screenshot({ path: join(shots, 'realtime-tryit-1440-light-websocket.png') });
    found.push(...(await axeFindings(page, 'Try it: WebSocket open (light, 1440)')));
    await message.fill('{"type":"bye"}');
    await message.press('Control+Enter');
    const session = tryit(page).getByTestId('tryit-session');
    await eventually(async () => /Closed · code 4000 · bye now/.test(await session.innerText()), 10_000, 'the close');
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // The Log: one entry for the connection, closed with its code, its frames in and out.
    await page.getByRole('tab', { name: /^Log/ }).click();
    const wsRow = page.getByTestId('log-row').filter({ hasText: '/ws/chat/lobby' });
    await wsRow.waitFor({ timeout: 10_000 });
    await eventually(async () => /WS.*4000/s.test(await wsRow.innerText()), 10_000, 'the closed connection in the Log');
    assert.equal(await wsRow.count(), 1);
    await wsRow.click();
    const detail = page.getByTestId('log-detail');
    assert.match(
      await detail.getByTestId('stream-state').innerText(),
      /Closed with code 4000: bye now · 3 in .* 3 out/,
    );
    assert.equal(await detail.getByTestId('stream-frame-in').count(), 3);
    assert.equal(await detail.getByTestId('stream-frame-out').count(), 3);
    await page.screenshot({ path: join(shots, 'realtime-log-1440-light-websocket.png') });
    found.push(...(await axeFindings(page, 'Log: WebSocket connection detail (light, 1440)')));

    // Try again from the Log opens the same URL in Try it.
    await detail.getByTestId('replay').click();
    assert.equal(await tryit(page).getByTestId('tryit-path').inputValue(), '/ws/chat/lobby?name=ada');
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // SSE: the events as they arrive, with their names and ids; the stream ends after the last.
    await openTry(page, 'SSE', '/sse/progress');
    await tryit(page).getByTestId('tryit-connect').click();
    await eventually(
      async () => /The stream ended/.test(await frames(page).innerText()),
      10_000,
      'the end of the SSE stream',
    );
    const events = frames(page).getByTestId('frame-in');
    assert.equal(await events.count(), 2);
    assert.match(await events.nth(0).innerText(), /progress\s*#\d+.*\{"pct":50\}/s);
    assert.match(await events.nth(1).innerText(), /done\s*#\d+.*\{"ok":true\}/s);
    await page.screenshot({ path: join(shots, 'realtime-tryit-1440-light-sse.png') });
    found.push(...(await axeFindings(page, 'Try it: SSE ended (light, 1440)')));
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // An SSE feed: a write over HTTP shows in Try it as it happens.
    await openTry(page, 'SSE', '/sse/notes');
    await tryit(page).getByTestId('tryit-connect').click();
    await eventually(
      async () => /Connected/.test(await tryit(page).getByTestId('tryit-session').innerText()),
      10_000,
      'open',
    );
    const created = await fetch(`${mock}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'from HTTP' }),
    });
    assert.equal(created.status, 201);
    await frames(page).getByTestId('frame-in').first().waitFor({ timeout: 10_000 });
    assert.match(await frames(page).getByTestId('frame-in').first().innerText(), /created.*from HTTP/s);
    await tryit(page).getByTestId('tryit-connect').click(); // Disconnect
    await page.getByRole('button', { name: 'Close Try it' }).click();

    // The data browser's edit reaches a feed like any other write (here a client of the mock's own).
    const feed = await openSse(`${mock}/sse/notes`);
    await page.getByRole('tab', { name: /^Data/ }).click();
    await page.getByTestId('add-row').click();
    const form = page.getByTestId('row-form');
    await form.getByLabel('text', { exact: true }).fill('from the data browser');
    await form.getByRole('button', { name: 'Create row' }).click();
    const event = await feed.events.next(10_000);
    assert.equal(event.event, 'created');
    assert.match(event.data, /from the data browser/);
    feed.close();
    await page.getByRole('tab', { name: /^Log/ }).click();

    // A flood: 5,000 frames from a client as fast as it can send them. The Log's entry counts them
    // all and keeps the latest; the studio keeps answering clicks.
    await page.evaluate(
      `window.__slowInputs = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__slowInputs.push(e.duration); }).observe({ type: 'event', durationThreshold: 16 })`,
    );
    const client = new WebSocket(`${mock.replace(/^http/, 'ws')}/ws/chat/flood?name=bot`);
    let echoed = 0;
    client.on('message', () => echoed++);
    await new Promise((resolve, reject) => {
      client.once('open', resolve);
      client.once('error', reject);
    });
    const FLOOD = 5000;
    for (let i = 0; i < FLOOD; i++) client.send(JSON.stringify({ n: i }));
    const clicks: number[] = [];
    const pause = page.getByTestId('log-pause');
    while (echoed < FLOOD + 1 && clicks.length < 40) {
      const at = performance.now();
      await pause.click();
      clicks.push(performance.now() - at);
    }
    if (clicks.length % 2 === 1) await pause.click();
    await eventually(() => echoed === FLOOD + 1, 20_000, 'every echo');
    client.close(1000, 'done');
    const floodRow = page.getByTestId('log-row').filter({ hasText: '/ws/chat/flood' });
    await eventually(async () => /1000/.test(await floodRow.innerText()), 10_000, 'the flood closed in the Log');
    await floodRow.click();
    const state = await page.getByTestId('log-detail').getByTestId('stream-state').innerText();
    t.diagnostic(
      `flood: ${state}; kept ${await page.getByTestId('log-detail').getByTestId('stream-kept').innerText()}`,
    );
    assert.match(state, new RegExp(`Closed with code 1000: done · ${FLOOD} in .* ${FLOOD + 1} out`));
    const slow = (await page.evaluate('window.__slowInputs')) as number[];
    clicks.sort((a, b) => a - b);
    t.diagnostic(
      `click round trips during the flood: median ${clicks[Math.floor(clicks.length / 2)]?.toFixed(0)} ms, worst ${clicks.at(-1)?.toFixed(0)} ms (${clicks.length} clicks); input events over 16 ms: ${slow.length}, worst ${Math.max(0, ...slow).toFixed(0)} ms`,
    );
    assert.ok(Math.max(0, ...slow) < 500, `an input took ${Math.max(...slow)} ms to the next frame`);

    // Both sizes and themes for the eye (and axe), the Log's connection detail and Try it on SSE.
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        const tag = `${size.width}x${size.height}-${theme}`;
        // The first connection (the oldest of its path): each pass below opens another.
        const first = page.getByTestId('log-row').filter({ hasText: '/ws/chat/lobby' }).last();
        if ((await first.getAttribute('aria-selected')) !== 'true') await first.click();
        await page.getByTestId('log-detail').getByTestId('stream-frames').waitFor();
        await page.screenshot({ path: join(shots, `realtime-log-${tag}.png`) });
        found.push(
          ...(await axeFindings(page, `Log: connection (${tag})`, theme === 'dark' ? ['color-contrast'] : undefined)),
        );
        await page.getByTestId('log-detail').getByTestId('replay').click();
        await tryit(page).getByTestId('tryit-connect').click();
        await frames(page).getByTestId('frame-in').first().waitFor({ timeout: 10_000 });
        await page.screenshot({ path: join(shots, `realtime-tryit-${tag}.png`) });
        found.push(
          ...(await axeFindings(page, `Try it: WebSocket (${tag})`, theme === 'dark' ? ['color-contrast'] : undefined)),
        );
        await page.keyboard.press('Escape');
        await tryit(page).waitFor({ state: 'detached' });
      }
    }
    assert.deepEqual(
      found.map((f) => `${f.state}: ${f.rule} (${f.impact}, ${f.nodes} nodes) e.g. ${f.example}`),
      [],
    );
    assert.deepEqual(errors, []);
  } finally {
    await s.close();
  }
});

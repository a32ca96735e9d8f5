import assert from 'node:assert/strict';
import { join } from 'node:path';
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
  - path: /health
    method: GET
    response: { inline: { status: ok } }
`;

/**
 * Sends requests, `concurrency` in flight and at most `perSecond` a second, until `stop()` is called
 * and at least `min` were sent; `done` resolves with how many were sent and how many got a response.
 * The rate is a cap, not a target: unpaced, the burst took both cores from Chromium on a busy CI
 * machine, and a click waited 30 s for a frame. A request that finds no server ends the burst, so a
 * test that fails before `stop()` (the studio is closed in its `finally`) leaves nothing looping.
 */
function burst(
  url: string,
  min: number,
  concurrency: number,
  perSecond: number,
): { stop(): void; done: Promise<[number, number]> } {
  let sent = 0;
  let answered = 0;
  let stopped = false;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (!stopped || sent < min) {
      const due = started + (sent / perSecond) * 1000 - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      sent++;
      const res = await fetch(url).catch(() => undefined);
      if (!res) {
        stopped = true;
        return;
      }
      await res.arrayBuffer();
      answered++;
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then((): [number, number] => [sent, answered]);
  return { stop: () => (stopped = true), done };
}

/** The path of the first request row wholly below the list's sticky header. */
function topRow(page: Page): Promise<string | undefined> {
  return page.getByTestId('log-list').evaluate((list) => {
    const head = list.querySelector('.log-head')?.getBoundingClientRect().bottom ?? 0;
    const rows = [...list.querySelectorAll('[data-testid="log-row"]')].filter(
      (row) => row.getBoundingClientRect().top >= head - 1,
    );
    rows.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    return rows[0]?.querySelector('.path')?.textContent ?? undefined;
  });
}

test('the log shows requests live with their details, filters and clears, and stays responsive under a burst', {
  timeout: 180_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  let sending: ReturnType<typeof burst> | undefined;
  try {
    const { page, studioUrl, mock, shots } = s;
    await page.goto(studioUrl);
    await page.getByRole('tab', { name: 'Log' }).click();
    await page.getByTestId('log-empty').waitFor({ timeout: 20_000 });

    // Requests appear in order (newest first) with their status.
    const post = await fetch(`${mock}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', tags: undefined }),
    });
    assert.equal(post.status, 201);
    await (await fetch(`${mock}/users?verbose=1`)).arrayBuffer();
    await (await fetch(`${mock}/nowhere`)).arrayBuffer();
    await (
      await fetch(`${mock}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": 5}',
      })
    ).arrayBuffer();
    const rows = page.getByTestId('log-row');
    await rows.nth(3).waitFor({ timeout: 5000 });
    const texts = await rows.allInnerTexts();
    assert.match(texts[0] ?? '', /POST\s+\/users\s+400/);
    assert.match(texts[1] ?? '', /GET\s+\/nowhere\s+404\s+[\d.]+\s+no match/);
    assert.match(texts[2] ?? '', /GET\s+\/users\?verbose=1\s+200/);
    assert.match(texts[3] ?? '', /POST\s+\/users\s+201/);

    // The detail pane shows the request and response bodies, and the notes.
    await rows.nth(3).click();
    const detail = page.getByTestId('log-detail');
    await detail.waitFor();
    assert.match((await page.getByTestId('request-body').innerText()).replace(/\s+/g, ' '), /"name": "Ada"/);
    assert.match((await page.getByTestId('response-body').innerText()).replace(/\s+/g, ' '), /"id": 1 "name": "Ada"/);
    await rows.nth(2).click();
    assert.match(await page.getByTestId('log-notes').innerText(), /ignored query parameter 'verbose'/);
    await page.screenshot({ path: join(shots, 'log-1-detail.png') });

    // Filter by status class and method, then clear.
    await page.getByTestId('log-filter').fill('4xx');
    await page.getByTestId('log-counts').filter({ hasText: '2 shown of 4 kept' }).waitFor();
    await page.getByTestId('log-filter').fill('post 2xx');
    await page.getByTestId('log-counts').filter({ hasText: '1 shown of 4 kept' }).waitFor();
    await page.getByTestId('log-filter').fill('');
    await page.getByTestId('log-clear').click();
    await page.getByTestId('log-empty').waitFor();

    // At the top, the list follows new requests; scrolled down, the rows on screen stay put.
    for (let i = 1; i <= 60; i++) await (await fetch(`${mock}/health?n=${i}`)).arrayBuffer();
    await page
      .getByTestId('log-counts')
      .filter({ hasText: /^60 kept/ })
      .waitFor({ timeout: 5000 });
    await (await fetch(`${mock}/health?n=61`)).arrayBuffer();
    await page
      .getByTestId('log-counts')
      .filter({ hasText: /^61 kept/ })
      .waitFor({ timeout: 5000 });
    assert.equal(await topRow(page), '/health?n=61', 'at the top, the newest request shows first');
    await page.getByTestId('log-list').evaluate((el) => {
      el.scrollTop = 10 * 26;
    });
    await page.waitForFunction(`document.querySelector('[data-testid="log-list"]').scrollTop === 260`);
    const before = await topRow(page);
    assert.equal(before, '/health?n=51');
    for (let i = 62; i <= 66; i++) await (await fetch(`${mock}/health?n=${i}`)).arrayBuffer();
    await page
      .getByTestId('log-counts')
      .filter({ hasText: /^66 kept/ })
      .waitFor({ timeout: 5000 });
    assert.equal(await topRow(page), before, 'scrolled down, the rows on screen stayed where they were');
    await page.getByTestId('log-clear').click();
    await page.getByTestId('log-empty').waitFor();

    // A burst of requests that lasts as long as the clicks (and is at least three times the log's
    // limit): clicks keep answering and the kept count stops at the limit.
    // The browser's Event Timing API measures input latency: `duration` runs from the click to the
    // next frame painted after its handlers ran (only events slower than 16 ms are reported), and
    // `processingEnd - processingStart` is the time the studio's own handlers (and the render they
    // cause) took.
    await page.evaluate(
      `window.__slowInputs = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'click' || e.name === 'pointerdown' || e.name === 'pointerup') window.__slowInputs.push([e.duration, e.processingEnd - e.processingStart]); }).observe({ type: 'event', durationThreshold: 16 })`,
    );
    sending = burst(`${mock}/health`, 3000, 8, 500);
    await rows.first().waitFor({ timeout: 10_000 });
    const pause = page.getByTestId('log-pause');
    const latencies: number[] = [];
    let clicks = 0;
    while (latencies.length < 12) {
      const started = performance.now();
      await pause.click();
      clicks++;
      await page.waitForFunction(
        `document.querySelector('[data-testid="log-pause"]')?.getAttribute('aria-pressed') === '${clicks % 2 === 1}'`,
      );
      latencies.push(performance.now() - started);
    }
    sending.stop();
    const [sent, answered] = await sending.done;
    assert.equal(answered, sent);
    t.diagnostic(`${sent} requests sent during the clicks, all answered`);
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)] as number;
    const worst = latencies[latencies.length - 1] as number;
    const slowInputs = (await page.evaluate('window.__slowInputs')) as [number, number][];
    const worstInput = Math.max(0, ...slowInputs.map(([duration]) => duration));
    const worstHandling = Math.max(0, ...slowInputs.map(([, processing]) => processing));
    t.diagnostic(
      `click round trip through Playwright during the burst: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (${latencies.length} clicks)`,
    );
    t.diagnostic(
      `input latency (Event Timing) during the burst: ${slowInputs.length} of ${latencies.length * 3} input events over 16 ms, worst ${worstInput.toFixed(0)} ms to the next frame, worst ${worstHandling.toFixed(0)} ms in the studio's handlers`,
    );
    // The studio's own handling of an input must not block for a second during the burst. Input to
    // next frame and the round trip through Playwright are diagnostics only: they measure how busy
    // the machine is (npm test runs other suites on the same two cores) as much as the studio. A
    // bound on the round trip failed a run at load 10, and one on input-to-frame (2088 ms, with the
    // handlers fast) failed a CI run; every click above did toggle the button.
    assert.ok(worstHandling < 1000, `the studio spent ${worstHandling} ms handling one input`);
    if (clicks % 2 === 1) await pause.click();
    await page.getByTestId('log-counts').filter({ hasText: '1000 kept (limit 1000)' }).waitFor({ timeout: 15_000 });
    // The log was cleared while scrolled down (above): the new list starts at the top and follows.
    assert.equal(await page.getByTestId('log-list').evaluate((el) => el.scrollTop), 0);
    await page.screenshot({ path: join(shots, 'log-2-after-burst.png') });
    const memory = await page.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0');
    t.diagnostic(`renderer JS heap after the burst: ${(Number(memory) / 1024 / 1024).toFixed(1)} MiB`);
  } finally {
    sending?.stop();
    await s.close();
  }
});

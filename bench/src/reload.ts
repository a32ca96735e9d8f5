import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../engine/src/index.js';
import { largeConfig } from './fixtures.js';
import { wrk } from './wrk.js';

export interface ReloadResult {
  endpoints: number;
  /** Median ms from calling apply() to the new route answering over HTTP, when an edit adds a route. */
  applyToAnswerMs: number;
  /** Median ms apply() itself took, for the same edit. */
  applyMs: number;
  /** Median ms of apply() when every one of the 20 schemas gains a field (every table migrates). */
  applyAllTablesMs: number;
  reloads: number;
  requests: number;
  failed: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Hot reload of a 100-endpoint config: apply latency, and failures while reloading every 100 ms under load. */
export async function benchReload(seconds: number, loadCpu?: number): Promise<ReloadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bench-reload-'));
  const engine = new Engine({ configPath: join(dir, 'reload.yaml'), port: 0, log: { enabled: true } });
  try {
    const first = await engine.apply(largeConfig(20, 0));
    if (!first.ok) throw new Error(JSON.stringify(first.problems));
    const { url } = await engine.start();
    const applyToAnswer: number[] = [];
    const applyOnly: number[] = [];
    const applyAll: number[] = [];
    // Five warm-up edits, then twenty measured ones: each adds a route (the usual edit).
    for (let i = 1; i <= 25; i++) {
      const t0 = performance.now();
      const result = await engine.apply(largeConfig(20, i));
      const applied = performance.now() - t0;
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      const res = await fetch(`${url}/variant${i}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`new route answered ${res.status}`);
      if (i > 5) {
        applyOnly.push(applied);
        applyToAnswer.push(performance.now() - t0);
      }
    }
    // The worst case: every schema gains a field, so all twenty tables migrate.
    for (let i = 1; i <= 10; i++) {
      const t0 = performance.now();
      const result = await engine.apply(largeConfig(20, 0, i));
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      applyAll.push(performance.now() - t0);
    }
    let reloads = 0;
    let variant = 100;
    const timer = setInterval(() => {
      void engine.apply(largeConfig(20, variant++ % 2, variant % 3)).then((r) => {
        if (r.ok) reloads++;
      });
    }, 100);
    const result = await wrk(url, { method: 'GET', path: '/things3' }, { connections: 20, seconds, cpu: loadCpu });
    clearInterval(timer);
    return {
      endpoints: first.endpoints.length,
      applyToAnswerMs: median(applyToAnswer),
      applyMs: median(applyOnly),
      applyAllTablesMs: median(applyAll),
      reloads,
      requests: result.requests,
      failed: result.errors,
    };
  } finally {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

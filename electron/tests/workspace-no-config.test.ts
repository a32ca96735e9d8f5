import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callFailure } from '../../engine/src/studio-entry.js';
import { startDesktop } from './desktop-harness.js';

test('a studio call made while no config is open fails as busy (try again), as the contract says, not as failed', async () => {
  const d = startDesktop();
  try {
    // The harness's launch opens its session asynchronously: this call comes before it.
    const thrown = await Promise.resolve()
      .then(() => d.workspace.calls['app.settings']({} as never))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(thrown, 'the call failed');
    assert.deepEqual(callFailure(thrown).body, { error: 'No config is open.', code: 'busy' });
  } finally {
    await d.launched;
    await d.close();
  }
});

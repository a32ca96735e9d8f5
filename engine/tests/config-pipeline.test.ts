// One config pipeline (issue 38): validation returns what later steps need (the declared port
// included), Engine.apply takes an already-validated result, and text edits that overlap are refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { applyEdits, ConfigEditError } from '../../shared/src/config-edit/index.js';
import type { ValidationResult } from '../src/config/check.js';
import { validateConfig } from '../src/config/validate.js';
import { Engine } from '../src/engine.js';
import { tempDir, USERS_CONFIG, yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

test('applyEdits refuses edits that overlap, and applies adjacent ones and inserts at one place', () => {
  const text = 'abcdef';
  assert.throws(
    () =>
      applyEdits(text, [
        { offset: 1, length: 3, text: 'X' },
        { offset: 2, length: 1, text: 'Y' },
      ]),
    ConfigEditError,
  );
  assert.throws(() => applyEdits(text, [{ offset: 4, length: 5, text: 'Z' }]), /Overlapping edits/);
  assert.equal(
    applyEdits(text, [
      { offset: 3, length: 3, text: 'DEF' },
      { offset: 0, length: 3, text: 'ABC' },
    ]),
    'ABCDEF',
  );
  assert.equal(
    applyEdits(text, [
      { offset: 3, length: 0, text: '1' },
      { offset: 3, length: 0, text: '2' },
    ]),
    'abc21def',
    'inserts at one offset land as before this check',
  );
});

test('validation gives the config’s own port, which an override does not change', async () => {
  const declared = yaml`
    server: { port: 4321 }
    endpoints:
      - { path: /ping, method: GET, response: { inline: { ok: true } } }
  `;
  assert.equal(validateConfig(declared).model?.server.declaredPort, 4321);
  assert.equal(validateConfig(USERS_CONFIG).model?.server.declaredPort, undefined);
  const { dir, cleanup } = tempDir();
  const engine = new Engine({ configPath: `${dir}/mockyard.yaml`, port: 0, host: '127.0.0.1' });
  try {
    assert.equal((await engine.apply(declared)).ok, true);
    assert.equal(engine.model?.server.port, 0, 'the --port override');
    assert.equal(engine.model?.server.declaredPort, 4321);
  } finally {
    await engine.stop();
    cleanup();
  }
});

test('Engine.apply takes a validated result and does not validate it again', async () => {
  const { dir, cleanup } = tempDir();
  const engine = new Engine({ configPath: `${dir}/mockyard.yaml`, port: 0, host: '127.0.0.1' });
  try {
    const validated = await engine.validate(USERS_CONFIG);
    assert.ok(validated.model);
    let validations = 0;
    const validate = engine.validate.bind(engine);
    engine.validate = (text: string): Promise<ValidationResult> => {
      validations++;
      return validate(text);
    };
    const applied = await engine.apply(validated);
    assert.equal(applied.ok, true);
    assert.equal(validations, 0);
    const { url } = await engine.start();
    assert.equal((await fetch(`${url}/users`)).status, 200);
    // A result with errors is refused as its text would be.
    const broken = await validate('endpoints: 7\n');
    const refused = await engine.apply(broken);
    assert.equal(refused.ok, false);
    assert.deepEqual(refused.problems, broken.problems);
  } finally {
    await engine.stop();
    cleanup();
  }
});

test('a change the studio makes as data (a recording) is validated once on its way to being served', async () => {
  const opened = await openSession(USERS_CONFIG);
  try {
    const { session } = opened;
    const engine = session.engine;
    let validations = 0;
    const validate = engine.validate.bind(engine);
    engine.validate = (text: string): Promise<ValidationResult> => {
      validations++;
      return validate(text);
    };
    const endpoint = { path: '/recorded', method: 'GET', response: { inline: { ok: true } } };
    assert.equal(await session.saveChanges([{ path: ['endpoints'], value: endpoint, append: true }]), true);
    assert.equal(validations, 1);
    assert.match(readFileSync(opened.configPath, 'utf8'), /\/recorded/);
    assert.equal((await fetch(`${session.status().url}/recorded`)).status, 200);
  } finally {
    await opened.close();
  }
});

/**
 * The structure check item by item (structure-items.ts) against ConfigSchema on the whole config:
 * the same config when everything fits, nothing (so ConfigSchema reports) when anything does not,
 * and an item's check reused only while its value is the very one checked.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '../../shared/src/config-schema.js';
import { FastSource } from '../src/config/fast-source.js';
import { checkByItems } from '../src/config/structure-items.js';

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(join(EXAMPLES, f), 'utf8'));

const readValue = (text: string): Record<string, unknown> => {
  const source = FastSource.parse(text);
  assert.ok(source, text);
  return source.value;
};

test('item by item, the examples check to what ConfigSchema makes of them', () => {
  assert.ok(examples.length >= 2);
  for (const text of examples) {
    const value = readValue(text);
    const whole = ConfigSchema.safeParse(value);
    assert.ok(whole.success);
    assert.deepEqual(checkByItems(value), whole.data);
    // Again, from the checks kept: the same.
    assert.deepEqual(checkByItems(readValue(text)), whole.data);
  }
});

test('an unchanged item reuses its check, a changed one is checked again', () => {
  const text = (status: number, type: string): string =>
    `schemas:\n  User:\n    properties:\n      id: integer\n      name: ${type}\nendpoints:\n  - resource: User\n  - path: /made\n    method: POST\n    status: ${status}\n    response: { inline: { ok: true } }\nserver: { port: 4010 }\n`;
  const first = checkByItems(readValue(text(201, 'string')));
  const second = checkByItems(readValue(text(202, 'string')));
  const third = checkByItems(readValue(text(202, 'integer')));
  assert.ok(first && second && third);
  assert.equal(second.endpoints[0], first.endpoints[0]);
  assert.notEqual(second.endpoints[1], first.endpoints[1]);
  assert.equal((second.endpoints[1] as { status?: number }).status, 202);
  assert.notEqual(third.schemas?.User, second.schemas?.User);
  assert.deepEqual(third.schemas?.User?.properties.name, 'integer');
  // Kept checks are frozen like the values they came from.
  assert.ok(Object.isFrozen(second.endpoints[0]));
});

test('anything that does not fit leaves the check to ConfigSchema', () => {
  for (const text of [
    'endpoints:\n  - path: /a\n    method: FETCH\n    response: { inline: 1 }\n',
    'schemas:\n  User:\n    properties:\n      id: integr\nendpoints: []\n',
    'endpoints: []\nserver: { port: -1 }\n',
    'endpoints: []\nsurprise: 1\n',
    'schemas: []\nendpoints: []\n',
    'schemas:\n  User: { properties: { id: integer } }\n',
  ]) {
    const source = FastSource.parse(text);
    assert.ok(source, text);
    assert.equal(ConfigSchema.safeParse(source.value).success, false, text);
    assert.equal(checkByItems(source.value), undefined, text);
  }
});

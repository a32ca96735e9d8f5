/**
 * The XML writer (engine/src/http/xml.ts) against the library it replaced: fast-xml-parser's builder
 * with the options the runtime used gives the same text for random JSON, every output is well-formed
 * XML (fast-xml-parser's validator), and deep nesting costs time linear in the output.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { XMLBuilder, XMLValidator } from 'fast-xml-parser';
import { toXml } from '../src/http/xml.js';
import { fuzzRuns } from './fuzz-runs.js';

const builder = new XMLBuilder({
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
  maxNestedTags: 4096,
});
const elementName = (key: string): string => {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
};
/** The runtime's old reshaping for the builder: element names, array items as repeated `<item>`. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return { item: value.map(shape) };
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      Object.defineProperty(out, elementName(key), { value: shape(v), enumerable: true, writable: true });
    return out;
  }
  return value === null ? '' : value;
}
const oldXml = (value: unknown, root: string, item: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${
    builder.build({
      [elementName(root)]: Array.isArray(value) ? { [item]: value.map(shape) } : shape(value),
    }) as string
  }`;

/** No object in it has two keys that sanitise to one element name (the one place the outputs differ). */
function namesDistinct(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(namesDistinct);
  if (value === null || typeof value !== 'object') return true;
  const keys = Object.keys(value);
  return new Set(keys.map(elementName)).size === keys.length && Object.values(value).every(namesDistinct);
}

const keyArb = fc.oneof(
  fc.constantFrom('id', 'name', 'a b', '1x', 'xmlish', '__proto__', 'ü', '', '@_attr', '#text', 'x.y-z'),
  fc.string({ maxLength: 6 }),
);
const jsonArb = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', ' ', '<&>"\'', 'a]]>b', '0', 'true'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 4 }),
  ),
})).value;

test('the same XML as fast-xml-parser’s builder for random JSON, well-formed every time', () => {
  let compared = 0;
  fc.assert(
    fc.property(jsonArb, fc.constantFrom('user', 'users', '1st', 'response'), (value, root) => {
      const xml = toXml(value, root, 'row');
      assert.equal(XMLValidator.validate(xml), true, xml);
      if (!namesDistinct(value)) return;
      compared++;
      assert.equal(xml, oldXml(value, root, 'row'));
    }),
    { seed: 0x786d6c, numRuns: fuzzRuns(1500) },
  );
  assert.ok(compared > 1000, `only ${compared} values compared`);
});

test('keys that sanitise to one element name each keep their element (the builder kept the last)', () => {
  assert.equal(
    toXml({ '': 1, ü: 2, name: 'x' }, 'user'),
    '<?xml version="1.0" encoding="UTF-8"?>\n<user>\n  <_>1</_>\n  <_>2</_>\n  <name>x</name>\n</user>\n',
  );
});

test('a json field nested 1000 levels deep (SQLite’s limit) renders in time linear in the output', () => {
  let meta: unknown = 'core';
  for (let i = 0; i < 1000; i++) meta = [meta];
  const start = process.cpuUsage();
  const xml = toXml({ name: 'deep', meta }, 'user');
  const { user, system } = process.cpuUsage(start);
  // ~1 MB of indented lines. fast-xml-parser's builder took 1486 ms of CPU for this (cubic in the depth).
  assert.ok((user + system) / 1000 < 250, `${((user + system) / 1000).toFixed(0)} ms of CPU`);
  assert.equal(XMLValidator.validate(xml), true);
  assert.equal(xml.split('<item>').length - 1, 1000);
  assert.match(xml, /<item>core<\/item>/);
});

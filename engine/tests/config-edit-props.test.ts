/**
 * Property tests of the comment-keeping edits (fast-check, fixed seeds, bounded runs):
 * (a) setting any node to its own value returns no edits;
 * (b) on random configs full of comments, a random edit keeps every comment outside the edited node
 *     (exactly once) and the result parses to the intended value (the same change made to the JS value);
 * (c) valid edits of a valid config leave a config the engine's validator still accepts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { isPair, type Node, parse, parseDocument } from 'yaml';
import { applyEdits, type DocPath, insertAt, modify, move, renameKey } from '../../shared/src/config-edit/index.js';
import { validateConfig } from '../src/config/validate.js';
import { type Plain, pathsOf, rootArb, valueArb, writeYaml } from './config-edit-arbitraries.js';
import { fuzzRuns } from './fuzz-runs.js';

const RUNS = { noop: fuzzRuns(300), edits: fuzzRuns(1000), valid: fuzzRuns(150) };
const configArb = fc.record({ value: rootArb, choices: fc.array(fc.nat(99), { minLength: 8, maxLength: 40 }) });

const parseClean = (text: string): unknown => {
  const doc = parseDocument(text);
  assert.deepEqual(doc.errors, [], `does not parse:\n${text}`);
  return doc.toJS();
};

test(`(a) a no-op edit returns the same bytes (${RUNS.noop} configs, every path of each)`, () => {
  fc.assert(
    fc.property(configArb, ({ value, choices }) => {
      const text = writeYaml(value, choices);
      assert.deepEqual(parseClean(text), value, 'the generator writes what it means');
      for (const { path, value: here } of pathsOf(value)) {
        const edits = modify(text, path, here);
        assert.deepEqual(edits, [], `setting ${JSON.stringify(path)} to its own value`);
        assert.equal(applyEdits(text, edits), text);
      }
    }),
    { numRuns: RUNS.noop, seed: 15 },
  );
});

type Op =
  | { kind: 'set'; path: DocPath; value: Plain }
  | { kind: 'remove'; path: DocPath }
  | { kind: 'insert'; path: DocPath; index: number; value: Plain }
  | { kind: 'move'; path: DocPath; from: number; to: number }
  | { kind: 'rename'; path: DocPath; from: string; to: string };

const getIn = (v: Plain, path: DocPath): Plain =>
  path.reduce<Plain>((x, seg) => (x as Record<string | number, Plain>)[seg] ?? null, v);

/** The op the random numbers choose among the paths the config has. */
function chooseOp(value: Plain, pick: readonly number[], newValue: Plain): Op | undefined {
  const [k = 0, p = 0, a = 0, b = 0] = pick;
  const all = pathsOf(value);
  const lists = all.filter((x) => Array.isArray(x.value));
  const maps = [{ path: [], value }, ...all].filter(
    (x) => typeof x.value === 'object' && x.value && !Array.isArray(x.value),
  );
  const one = <T>(xs: T[]): T | undefined => xs[p % Math.max(1, xs.length)];
  switch (k % 6) {
    case 0:
    case 1: {
      const at = one(all);
      return at && (k % 6 === 0 ? { kind: 'set', path: at.path, value: newValue } : { kind: 'remove', path: at.path });
    }
    case 2: {
      const map = one(maps);
      return map && { kind: 'set', path: [...map.path, ['new', 'zz', 'a b', 'x'][a % 4] ?? 'new'], value: newValue };
    }
    case 3: {
      const list = one(lists);
      const length = (list?.value as Plain[] | undefined)?.length ?? 0;
      return list && { kind: 'insert', path: list.path, index: a % (length + 1), value: newValue };
    }
    case 4: {
      const list = one(lists.filter((x) => (x.value as Plain[]).length > 1));
      const length = (list?.value as Plain[] | undefined)?.length ?? 1;
      return list && { kind: 'move', path: list.path, from: a % length, to: b % length };
    }
    default: {
      const map = one(maps.filter((x) => Object.keys(x.value as object).length > 0));
      const keys = Object.keys((map?.value as object | undefined) ?? {});
      const to = ['renamed', 'q r', 'x,y', 'f'][b % 4] ?? 'renamed';
      const from = keys[a % Math.max(1, keys.length)];
      return map && from !== undefined && !keys.includes(to) ? { kind: 'rename', path: map.path, from, to } : undefined;
    }
  }
}

/** The op made on the JS value: what the edited text must parse to. */
function expected(value: Plain, op: Op): Plain {
  const root = structuredClone(value);
  const parentPath = op.kind === 'set' || op.kind === 'remove' ? op.path.slice(0, -1) : op.path;
  const parent = getIn(root, parentPath) as Record<string, Plain> & Plain[];
  const last = op.path[op.path.length - 1] as string & number;
  if (op.kind === 'set') parent[last] = structuredClone(op.value);
  else if (op.kind === 'remove') Array.isArray(parent) ? parent.splice(last, 1) : delete parent[last];
  else if (op.kind === 'insert') parent.splice(op.index, 0, structuredClone(op.value));
  else if (op.kind === 'move') parent.splice(op.to, 0, ...parent.splice(op.from, 1));
  else {
    const entries = Object.entries(parent).map(([k, v]): [string, Plain] => [k === op.from ? op.to : k, v]);
    for (const k of Object.keys(parent)) delete parent[k];
    Object.assign(parent, Object.fromEntries(entries));
  }
  return root;
}

/** The text range whose comments the op may drop: the replaced node, or the removed entry's lines. */
function droppable(text: string, op: Op): [number, number] {
  const doc = parseDocument(text);
  if (op.kind !== 'set' && op.kind !== 'remove') return [0, 0];
  const node = doc.getIn(op.path, true) as Node | undefined;
  if (!node?.range) return [0, 0];
  if (op.kind === 'set') return [node.range[0], node.range[2]];
  const parent = doc.getIn(op.path.slice(0, -1), true) as { items: unknown[]; range?: number[] } | undefined;
  if (parent?.items.length === 1 && parent.range) return [parent.range[0] ?? 0, parent.range[2] ?? 0];
  const item = parent?.items.find((x) => (isPair(x) ? x.value === node : x === node));
  const start = isPair(item) ? ((item.key as Node).range?.[0] ?? 0) : node.range[0];
  return [text.lastIndexOf('\n', start - 1) + 1, node.range[2]];
}

const commentsIn = (text: string): Map<string, number> => {
  const found = new Map<string, number>();
  for (const m of text.matchAll(/# (c\d+)/g)) if (m[1]) found.set(m[1], m.index ?? 0);
  return found;
};

function editsFor(text: string, op: Op) {
  if (op.kind === 'set') return modify(text, op.path, op.value);
  if (op.kind === 'remove') return modify(text, op.path, undefined);
  if (op.kind === 'insert') return insertAt(text, op.path, op.index, op.value);
  if (op.kind === 'move') return move(text, op.path, op.from, op.to);
  return renameKey(text, op.path, op.from, op.to);
}

test(`(b) random edits of configs full of comments keep the other comments and give the intended value (${RUNS.edits} runs)`, () => {
  fc.assert(
    fc.property(
      configArb,
      fc.array(fc.nat(1000), { minLength: 4, maxLength: 4 }),
      valueArb,
      ({ value, choices }, pick, v) => {
        const text = writeYaml(value, choices);
        const op = chooseOp(value, pick, v);
        fc.pre(op !== undefined);
        if (!op) return;
        const out = applyEdits(text, editsFor(text, op));
        const context = `${JSON.stringify(op)}\n--- before\n${text}--- after\n${out}`;
        assert.equal(JSON.stringify(parseClean(out)), JSON.stringify(expected(value, op)), context);
        const [from, to] = droppable(text, op);
        const after = out.match(/# c\d+\b/g) ?? [];
        for (const [id, at] of commentsIn(text)) {
          if (at >= from && at < to) continue;
          assert.equal(after.filter((c) => c === `# ${id}`).length, 1, `comment ${id} is kept once\n${context}`);
        }
      },
    ),
    { numRuns: RUNS.edits, seed: 15 },
  );
});

const BLOG = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/blog.yaml'), 'utf8');
/** blog.yaml with a comment on every line that has none. */
const COMMENTED = BLOG.split('\n')
  .map((line, i) => (line.trim() === '' || line.includes('#') ? line : `${line} # line ${i + 1}`))
  .join('\n');
const errorsOf = (text: string) =>
  validateConfig(text, { configPath: 'blog.yaml' }).problems.filter((p) => p.severity === 'error');

/** Where the static /health endpoint is now (moves reorder the list). */
const healthIndex = (text: string): number =>
  (parse(text) as { endpoints: { path?: string }[] }).endpoints.findIndex((e) => e.path === '/health');

const TYPES = ['number', 'integer', 'string', 'boolean', 'datetime', 'json'] as const;
const validEdit = fc.oneof(
  fc.record({
    kind: fc.constant('field' as const),
    schema: fc.constantFrom('User', 'Post'),
    name: fc.constantFrom('nickname', 'score', 'joinedAt', 'bio'),
    type: fc.constantFrom(...TYPES),
    full: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('endpoint' as const), at: fc.nat(8), status: fc.constantFrom(200, 201, 202) }),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(200, 201, 202, 203) }),
  fc.record({ kind: fc.constant('port' as const), port: fc.integer({ min: 1024, max: 65535 }) }),
  fc.record({ kind: fc.constant('move' as const), from: fc.nat(7), to: fc.nat(7) }),
);

test(`(c) valid edits of a valid config leave a config that validates (${RUNS.valid} runs of 1-4 edits)`, () => {
  assert.deepEqual(errorsOf(COMMENTED), []);
  fc.assert(
    fc.property(fc.array(validEdit, { minLength: 1, maxLength: 4 }), (edits) => {
      let text = COMMENTED;
      edits.forEach((e, n) => {
        const step =
          e.kind === 'field'
            ? modify(
                text,
                ['schemas', e.schema, 'properties', e.name],
                e.full ? { type: e.type, required: false } : e.type,
              )
            : e.kind === 'endpoint'
              ? insertAt(text, ['endpoints'], e.at, {
                  path: `/extra/${n}`,
                  method: 'GET',
                  status: e.status,
                  response: { inline: { n } },
                })
              : e.kind === 'status'
                ? modify(text, ['endpoints', healthIndex(text), 'status'], e.status)
                : e.kind === 'port'
                  ? modify(text, ['server', 'port'], e.port)
                  : move(text, ['endpoints'], e.from, e.to);
        text = applyEdits(text, step);
      });
      assert.deepEqual(errorsOf(text), [], text);
      for (const line of COMMENTED.match(/# line \d+/g) ?? []) assert.ok(text.includes(line), `${line} kept`);
    }),
    { numRuns: RUNS.valid, seed: 15 },
  );
});

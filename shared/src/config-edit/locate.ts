import { isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { ConfigEditError, pathText } from './errors.js';
import type { DocPath } from './path.js';
import type { Source } from './parse.js';
import { findIndicator, trimBack } from './text.js';

/** What holds a node: the document itself, a map's pair or a list's slot. */
export type Holder =
  | { kind: 'root' }
  | { kind: 'map'; map: YAMLMap; pair: Pair; index: number }
  | { kind: 'seq'; seq: YAMLSeq; index: number };

/** The deepest node a path reaches. */
export interface Located {
  /** The node at path[0..depth); null for an empty document or a key written without a value node. */
  node: Node | null;
  holder: Holder;
  /** How many segments of the path exist in the text. */
  depth: number;
  /** Whether the node sits inside a flow collection (so whatever replaces it must be flow too). */
  inFlow: boolean;
}

/** A node a path may continue through by creating what is missing: nothing written, or `null`/`~`. */
export const isEmptyNode = (node: Node | null): boolean => node === null || (isScalar(node) && node.value === null);

/** Whether a map key node is the path segment `seg` (`200:` answers to 200 and '200'). */
export const keyIs = (key: unknown, seg: string | number): boolean =>
  isScalar(key) && (key.value === seg || String(key.value) === String(seg));

const nodeOf = (value: unknown): Node | null =>
  value && typeof value === 'object' && 'range' in value ? (value as Node) : null;

/**
 * Walks `path` as far as the text has it. Stops (without error) at a missing key, a missing list
 * index or an empty value; throws ConfigEditError where the path runs through a scalar or an alias.
 */
export function locate(src: Source, path: DocPath): Located {
  let found: Located = { node: nodeOf(src.doc.contents), holder: { kind: 'root' }, depth: 0, inFlow: false };
  for (const seg of path) {
    const { node, depth } = found;
    if (isEmptyNode(node)) return found;
    const here = pathText(path.slice(0, depth));
    if (isAlias(node)) throw new ConfigEditError(`${here} is an alias (*${node.source}); edit the node it refers to.`);
    if (isMap(node)) {
      const index = node.items.findIndex((p) => keyIs(p.key, seg));
      const pair = node.items[index];
      if (!pair) return found;
      found = {
        node: nodeOf(pair.value),
        holder: { kind: 'map', map: node, pair, index },
        depth: depth + 1,
        inFlow: found.inFlow || Boolean(node.flow),
      };
    } else if (isSeq(node)) {
      if (typeof seg !== 'number' || !Number.isInteger(seg) || seg < 0)
        throw new ConfigEditError(`${here} is a list, so ${JSON.stringify(seg)} does not address an item in it.`);
      if (seg >= node.items.length) return found;
      found = {
        node: nodeOf(node.items[seg]),
        holder: { kind: 'seq', seq: node, index: seg },
        depth: depth + 1,
        inFlow: found.inFlow || Boolean(node.flow),
      };
    } else {
      const what = typeof seg === 'number' ? `item ${seg}` : `key '${seg}'`;
      throw new ConfigEditError(`${here} is not a map or a list, so it has no ${what}.`);
    }
  }
  return found;
}

/** Where a node's own text ends: its last character that is not a comment, space or line break. */
export function contentEnd(text: string, node: Node | null, floor = 0): number {
  if (!node?.range) return floor;
  if ((isMap(node) || isSeq(node)) && !node.flow) {
    const last: unknown = node.items[node.items.length - 1];
    if (isPair(last)) {
      const keyEnd = nodeOf(last.key)?.range?.[1] ?? floor;
      return contentEnd(text, nodeOf(last.value), keyEnd);
    }
    return contentEnd(text, nodeOf(last), node.range[0]);
  }
  return Math.max(floor, trimBack(text, node.range[1], node.range[0]));
}

/** Offset of the `-` of item `index` of a block list. */
export function dashOf(text: string, seq: YAMLSeq, index: number): number {
  const start = seq.range?.[0] ?? 0;
  if (index === 0) return start;
  const dash = findIndicator(text, contentEnd(text, nodeOf(seq.items[index - 1]), start), '-');
  if (dash < 0) throw new ConfigEditError(`Cannot find item ${index} of the list at offset ${start}.`);
  return dash;
}

/** Offset just past the `:` of a block pair (or the key's end when written without one). */
export function afterColon(text: string, pair: Pair): number {
  const keyEnd = nodeOf(pair.key)?.range?.[1] ?? 0;
  const colon = findIndicator(text, keyEnd, ':');
  return colon < 0 ? keyEnd : colon + 1;
}

/** The start of a pair's or item's text: its key, or the value itself. */
export function itemStart(item: unknown): number {
  const node = isPair(item) ? nodeOf(item.key) : nodeOf(item);
  return node?.range?.[0] ?? 0;
}

/** The end of a pair's or item's text within a flow collection. */
export function itemEnd(text: string, item: unknown): number {
  if (isPair(item)) {
    const keyEnd = nodeOf(item.key)?.range?.[1] ?? 0;
    return contentEnd(text, nodeOf(item.value), keyEnd);
  }
  return contentEnd(text, nodeOf(item));
}

export { nodeOf };

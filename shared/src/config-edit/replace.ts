import { isCollection, isNode, isScalar, type Node, Scalar } from 'yaml';
import { afterColon, contentEnd, dashOf, itemStart, type Located } from './locate.js';
import type { Source } from './parse.js';
import type { TextEdit } from './path.js';
import { isInline, paddingOf, renderBlock, renderFlow } from './render.js';
import { columnOf, firstOnLine, lineEnd, lineStart, spaces } from './text.js';

const isBlockCollection = (node: Node | null): boolean => isCollection(node) && !node.flow;
const isCollectionValue = (value: unknown): boolean =>
  isNode(value) ? isCollection(value) : value !== null && typeof value === 'object';

/** An edit writing `value` where nothing is written yet: after the document's last line. */
function appendToDocument({ text, eol }: Source, value: unknown): TextEdit {
  const before = text.length > 0 && !text.endsWith('\n') ? eol : '';
  return { offset: text.length, length: 0, text: `${before}${renderBlock(value, 0, eol)}${eol}` };
}

/**
 * A text written in place of a quoted text keeps its quotes (`"Say hello"` stays double-quoted), so
 * setting a value back to what it was gives back the same bytes.
 */
function keepQuotes(node: Node | null, value: unknown): unknown {
  if (typeof value !== 'string' || !isScalar(node) || typeof node.value !== 'string') return value;
  if (node.type !== Scalar.QUOTE_DOUBLE && node.type !== Scalar.QUOTE_SINGLE) return value;
  const scalar = new Scalar(value);
  scalar.type = node.type;
  return scalar;
}

/**
 * The one edit that puts `value` in place of the node `at` points to, re-rendering only that node in
 * the style of its place: flow inside a flow collection, flow where a flow collection stood, block
 * otherwise (a new map below its key at 2 more columns, compact after a list dash).
 */
export function replaceAt(src: Source, at: Located, given: unknown): TextEdit {
  const { text, eol } = src;
  const { node, holder } = at;
  const value = keepQuotes(node, given);
  if (holder.kind === 'root') {
    if (!node?.range) return appendToDocument(src, value);
    const end = isBlockCollection(node) ? lineEnd(text, contentEnd(text, node)) : contentEnd(text, node);
    return { offset: node.range[0], length: end - node.range[0], text: renderBlock(value, 0, eol) };
  }
  const owner = holder.kind === 'map' ? holder.map : holder.seq;
  if (at.inFlow) {
    const rendered = renderFlow(value, paddingOf(text, owner));
    if (node?.range) {
      const end = contentEnd(text, node);
      return { offset: node.range[0], length: end - node.range[0], text: rendered };
    }
    // `{ a }`: a key written without a value.
    const keyEnd = holder.kind === 'map' ? ((holder.pair.key as Node | null)?.range?.[1] ?? 0) : 0;
    return { offset: keyEnd, length: 0, text: `: ${rendered}` };
  }

  // Block context: `base` is the column of the key or dash that owns the value.
  const mark = holder.kind === 'map' ? afterColon(text, holder.pair) : dashOf(text, holder.seq, holder.index) + 1;
  const base = columnOf(text, holder.kind === 'map' ? itemStart(holder.pair) : mark - 1);
  // `key:` and `key: # why` hold an empty scalar whose range sits after the comment: write at the colon.
  const empty = !node?.range || (isScalar(node) && node.range[0] === node.range[1]);
  const start = empty ? mark : (node?.range?.[0] ?? mark);
  const oldBlock = isBlockCollection(node);
  // A block collection's last line goes whole, with the comment on it (it was inside the node).
  const end = empty ? mark : oldBlock ? lineEnd(text, contentEnd(text, node, start)) : contentEnd(text, node, start);
  const gap = text.slice(mark, start);
  const gapBreak = gap.includes('\n');
  const space = gap === '' ? ' ' : '';
  const keepFlow = isCollection(node) && Boolean(node.flow) && isCollectionValue(value);

  if (keepFlow || isInline(value)) {
    const rendered = keepFlow ? renderFlow(value, paddingOf(text, node)) : renderBlock(value, base, eol);
    // `key:⏎  a: 1` becomes `key: 5`; comment lines between the key and the old value stay below it.
    if (gapBreak) return { offset: mark, length: end - mark, text: ` ${rendered}${gap.trimEnd()}` };
    return { offset: start, length: end - start, text: space + rendered };
  }
  if (oldBlock || gapBreak || holder.kind === 'seq') {
    if (holder.kind === 'map' && firstOnLine(text, start) && columnOf(text, start) <= base) {
      // A list written at its key's column (`key:⏎- a`): a map there would be the key's sibling.
      const from = lineStart(text, start);
      return { offset: from, length: end - from, text: spaces(base + 2) + renderBlock(value, base + 2, eol) };
    }
    // The new collection starts where the old value started: below the key, or compact after `- `.
    const column = space ? columnOf(text, mark) + 1 : columnOf(text, start);
    return { offset: start, length: end - start, text: space + renderBlock(value, column, eol) };
  }
  // `key: 5 # why` becomes `key: # why` with the new block below it, 2 columns in.
  const lineStop = lineEnd(text, end);
  const tail = text.slice(end, lineStop);
  const comment = tail.includes('#') ? tail.trimEnd() : '';
  const indent = base + 2;
  return {
    offset: mark,
    length: lineStop - mark,
    text: `${comment}${eol}${spaces(indent)}${renderBlock(value, indent, eol)}`,
  };
}

export { isBlockCollection };

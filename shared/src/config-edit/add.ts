import type { YAMLMap, YAMLSeq } from 'yaml';
import { contentEnd, dashOf, itemEnd, itemStart, nodeOf } from './locate.js';
import type { Source } from './parse.js';
import type { TextEdit } from './path.js';
import { isInline, paddingOf, renderBlock, renderFlow, renderKey } from './render.js';
import { columnOf, firstOnLine, lineEnd, lineStart, spaces } from './text.js';

/** A new key at the end of a map, at the map's indentation (or `, key: value` in a flow map). */
export function addKey(src: Source, map: YAMLMap, key: string | number, value: unknown): TextEdit {
  const { text, eol } = src;
  const range = map.range ?? [0, 0, 0];
  const last = map.items[map.items.length - 1];
  if (map.flow) {
    const pad = paddingOf(text, map);
    if (!last) return { offset: range[0], length: range[1] - range[0], text: renderFlow(new Map([[key, value]]), pad) };
    const entry = `${renderKey(key, true)}: ${renderFlow(value, pad)}`;
    return { offset: itemEnd(text, last), length: 0, text: `, ${entry}` };
  }
  const base = columnOf(text, itemStart(map.items[0]));
  const at = lineEnd(text, last ? itemEnd(text, last) : range[1]);
  const head = `${renderKey(key, false)}:`;
  const entry = isInline(value)
    ? `${head} ${renderBlock(value, base, eol)}`
    : `${head}${eol}${spaces(base + 2)}${renderBlock(value, base + 2, eol)}`;
  return { offset: at, length: 0, text: `${eol}${spaces(base)}${entry}` };
}

/**
 * Where the text of block item `index` begins: the comment lines right above its dash, at the dash's
 * column, are that item's (they move and get removed with it, and a new item goes above them).
 */
export function itemTextStart(text: string, seq: YAMLSeq, index: number): number {
  const dash = dashOf(text, seq, index);
  if (!firstOnLine(text, dash)) return dash;
  const floor = index > 0 ? lineEnd(text, contentEnd(text, nodeOf(seq.items[index - 1]))) : -1;
  const column = columnOf(text, dash);
  let start = lineStart(text, dash);
  while (start > 0) {
    const above = lineStart(text, start - 1);
    const line = text.slice(above, start).replace(/\r?\n$/, '');
    if (above <= floor || !line.startsWith(`${spaces(column)}#`)) break;
    start = above;
  }
  return start + column;
}

/** A new item before `index` of a list (index = length appends): a block item at the list's indentation, or a flow item. */
export function insertItem(src: Source, seq: YAMLSeq, index: number, value: unknown): TextEdit {
  const { text, eol } = src;
  const range = seq.range ?? [0, 0, 0];
  if (seq.flow) {
    const pad = paddingOf(text, seq);
    if (seq.items.length === 0)
      return { offset: range[0], length: range[1] - range[0], text: renderFlow([value], pad) };
    const rendered = renderFlow(value, pad);
    if (index < seq.items.length) return { offset: itemStart(seq.items[index]), length: 0, text: `${rendered}, ` };
    return { offset: itemEnd(text, seq.items[seq.items.length - 1]), length: 0, text: `, ${rendered}` };
  }
  const column = columnOf(text, range[0]);
  const item = `- ${renderBlock(value, column + 2, eol)}`;
  if (index >= seq.items.length)
    return { offset: lineEnd(text, contentEnd(text, seq)), length: 0, text: `${eol}${spaces(column)}${item}` };
  return { offset: itemTextStart(text, seq, index), length: 0, text: `${item}${eol}${spaces(column)}` };
}

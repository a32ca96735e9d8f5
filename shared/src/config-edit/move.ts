import type { YAMLSeq } from 'yaml';
import { itemTextStart } from './add.js';
import { contentEnd, itemEnd, itemStart } from './locate.js';
import type { Source } from './parse.js';
import type { TextEdit } from './path.js';
import { columnOf, lineEnd, lineStart, spaces } from './text.js';

/** `order` with the entry at `from` taken out and put back at `to` (the index it has afterwards). */
export function arrayMove<T>(order: readonly T[], from: number, to: number): T[] {
  const result = [...order];
  const [moved] = result.splice(from, 1);
  if (moved !== undefined) result.splice(to, 0, moved);
  return result;
}

/**
 * The edit moving item `from` of a list to index `to`: each item's own text (its comment lines above
 * it, its value, its comments and the blank lines after it) is moved whole, so nothing is re-printed.
 */
export function moveItem(src: Source, seq: YAMLSeq, from: number, to: number): TextEdit {
  const { text, eol } = src;
  const items: readonly unknown[] = seq.items;
  const indexes = items.map((_, i) => i);
  if (seq.flow) {
    // Items trade places in their slots; the commas and spaces between slots stay.
    const slots = indexes.map((i) => [itemStart(items[i]), itemEnd(text, items[i])] as const);
    const order = arrayMove(indexes, from, to);
    let out = '';
    order.forEach((source, slot) => {
      const [s, e] = slots[source] ?? [0, 0];
      out += text.slice(s, e);
      const next = slots[slot + 1];
      if (next) out += text.slice(slots[slot]?.[1] ?? 0, next[0]);
    });
    const first = slots[0]?.[0] ?? 0;
    const last = slots[slots.length - 1]?.[1] ?? 0;
    return { offset: first, length: last - first, text: out };
  }
  const starts = indexes.map((i) => itemTextStart(text, seq, i));
  const end = lineEnd(text, contentEnd(text, seq));
  const chunks = starts.map((s, i) => {
    const next = starts[i + 1];
    return next === undefined ? text.slice(s, end) : text.slice(s, lineStart(text, next)).replace(/\r?\n$/, '');
  });
  const column = columnOf(text, seq.range?.[0] ?? 0);
  const first = starts[0] ?? 0;
  return { offset: first, length: end - first, text: arrayMove(chunks, from, to).join(eol + spaces(column)) };
}

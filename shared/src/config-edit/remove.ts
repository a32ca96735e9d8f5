import { isSeq, type YAMLMap, type YAMLSeq } from 'yaml';
import { dashOf, itemEnd, itemStart } from './locate.js';
import type { Source } from './parse.js';
import type { TextEdit } from './path.js';
import { firstOnLine, lineStart, nextLineStart, skipSpaces } from './text.js';

/**
 * The edit removing item `index` of a collection with more than one item (the caller turns a last
 * item's removal into `{}` or `[]`). A block entry goes with its whole lines and its same-line
 * comment (comment lines above it stay: they may speak of more than it); everything else stays.
 */
export function removeItem(src: Source, collection: YAMLMap | YAMLSeq, index: number): TextEdit {
  const { text } = src;
  const items: readonly unknown[] = collection.items;
  const item = items[index];
  if (collection.flow) {
    // `a, ` before the next item, or `, z` after the previous one for the last.
    const [from, to] =
      index < items.length - 1
        ? [itemStart(item), itemStart(items[index + 1])]
        : [itemEnd(text, items[index - 1]), itemEnd(text, item)];
    return { offset: from, length: to - from, text: '' };
  }
  const begin = isSeq(collection) ? dashOf(text, collection, index) : itemStart(item);
  const after = nextLineStart(text, itemEnd(text, item));
  if (firstOnLine(text, begin)) {
    const from = lineStart(text, begin);
    return { offset: from, length: after - from, text: '' };
  }
  // `- a: 1⏎  b: 2` without `a`: the next line's text moves up behind the dash.
  const to = skipSpaces(text, after);
  return { offset: begin, length: to - begin, text: '' };
}

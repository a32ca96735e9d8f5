/** A top-level key whose value is a block collection written on the lines below it, cut into its items. */
export interface Block {
  /** The key, written plain at the start of its own line (`endpoints:`). */
  key: string;
  /** Where the key's line starts. */
  keyStart: number;
  kind: 'sequence' | 'mapping';
  /** The value's lines: from the line after the key to the next top-level line (or the end). */
  start: number;
  end: number;
  /** Each item's lines: from its first line to the next item's (blank and comment lines go with the item before). */
  items: { start: number; end: number }[];
}

const TOP_KEY = /^([A-Za-z_][\w-]*):[ \t]*(?:#.*)?\r?$/;

interface Line {
  start: number;
  /** Leading spaces. */
  indent: number;
  /** Blank or only a comment. */
  empty: boolean;
  /** A tab among the leading blanks: indentation YAML reads its own way. */
  tabbed: boolean;
  /** `-` followed by a blank or the line's end: a block sequence entry. */
  dash: boolean;
  /** `?` or `:` followed by a blank or the line's end: an explicit key or its value. */
  explicit: boolean;
  end: number;
}

const BLANK = new Set([' ', '\t', '\r', undefined]);

function lineAt(text: string, start: number, end: number): Line {
  let i = start;
  while (text[i] === ' ') i++;
  const indent = i - start;
  let j = i;
  while (text[j] === ' ' || text[j] === '\t') j++;
  const first = j < end ? text[j] : undefined;
  const empty = first === undefined || first === '#' || first === '\r';
  const next = j + 1 < end ? text[j + 1] : undefined;
  return {
    start,
    indent,
    empty,
    tabbed: j > i,
    dash: first === '-' && BLANK.has(next),
    explicit: (first === '?' || first === ':') && BLANK.has(next),
    end,
  };
}

/**
 * The text's top-level keys whose values are block collections, each cut into its items by lines
 * alone: an item starts on each line indented like the collection's first line. A block whose lines
 * do not all fit that plain shape (a tab in the indentation, a line indented less than the items, an
 * explicit `?` key, a line at the items' indentation that cannot start one) is left out: it is read
 * with the rest of the text. Whether the cut is right is settled by reading: each item must read on
 * its own as one item, and the rest of the text must read with the key's value empty (fast-parts.ts).
 */
export function cutBlocks(text: string): Block[] {
  const lines: Line[] = [];
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    lines.push(lineAt(text, start, end));
    start = end + 1;
  }
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as Line;
    const key =
      line.indent === 0 && !line.empty && !line.tabbed
        ? TOP_KEY.exec(text.slice(line.start, line.end))?.[1]
        : undefined;
    i++;
    if (key === undefined) continue;
    let f = i;
    while (f < lines.length && (lines[f] as Line).empty) f++;
    const first = lines[f];
    if (!first) break;
    const ind = first.indent;
    const kind = first.dash ? 'sequence' : 'mapping';
    // Indentless (`endpoints:` then `- …` at column 0) is a sequence only; a mapping needs indentation.
    if (ind === 0 && kind === 'mapping') continue;
    const items: { start: number; end: number }[] = [];
    let fits = true;
    let j = i;
    for (; j < lines.length; j++) {
      const l = lines[j] as Line;
      if (l.empty) continue;
      if (l.indent === 0 && !(ind === 0 && l.dash)) break; // the next top-level line
      if (l.tabbed || l.indent < ind || l.explicit) fits = false;
      else if (l.indent === ind) {
        // In a mapping, a `- ` line at the keys' indentation continues the key before (an indentless list).
        if (kind === 'sequence' ? l.dash : !l.dash) items.push({ start: l.start, end: 0 });
        else if (kind === 'sequence') fits = false;
      }
    }
    const start = (lines[i] as Line).start;
    const end = j < lines.length ? (lines[j] as Line).start : text.length;
    i = j;
    if (!fits || items.length === 0) continue;
    items.forEach((item, n) => {
      item.end = items[n + 1]?.start ?? end;
    });
    blocks.push({ key, keyStart: line.start, kind, start, end, items });
  }
  return blocks;
}

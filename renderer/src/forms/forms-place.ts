import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** Where the forms are: a section and, in it, the schema or endpoint entry shown. */
export type FormsPlace =
  | { section: 'schemas'; schema?: string }
  | { section: 'endpoints'; index?: number }
  | { section: 'server' };

const startOf = (node: unknown): number | undefined => {
  const range = (node as Node | null)?.range;
  return range ? range[0] : undefined;
};

/** The offset where a 1-based line starts. */
function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}

/** The last of `starts` at or before `offset` (they are in the order written), or undefined. */
function lastBefore<T>(items: readonly T[], start: (item: T) => number | undefined, offset: number): T | undefined {
  let found: T | undefined;
  for (const item of items) {
    const at = start(item);
    if (at !== undefined && at <= offset) found = item;
  }
  return found;
}

/**
 * The place of the forms that holds a line of the YAML: the schema or endpoint entry the cursor is
 * in (its own line or any below it up to the next one), or the server section. Undefined when the
 * line is elsewhere (a comment above everything, `scenarios:`) or the text does not parse.
 */
export function placeAtLine(text: string, line: number): FormsPlace | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'silent' });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  // The end of the line: a cursor on `  Product:` is in Product, also when it stands before the key.
  const next = text.indexOf('\n', lineStart(text, line));
  const offset = next < 0 ? text.length : next;
  const top = lastBefore(doc.contents.items, (pair) => startOf(pair.key), offset);
  if (!top || !isScalar(top.key)) return undefined;
  const name = String(top.key.value);
  if (name === 'schemas') {
    const pair = isMap(top.value) ? lastBefore(top.value.items, (p) => startOf(p.key), offset) : undefined;
    return { section: 'schemas', schema: pair && isScalar(pair.key) ? String(pair.key.value) : undefined };
  }
  if (name === 'endpoints') {
    const items = isSeq(top.value) ? top.value.items.map((node, index) => ({ node, index })) : [];
    const entry = lastBefore(items, (i) => startOf(i.node), offset);
    return { section: 'endpoints', index: entry?.index };
  }
  if (name === 'server') return { section: 'server' };
  return undefined;
}

/** The 1-based line where a place is written, or undefined when the text has no such entry. */
export function lineOfPlace(text: string, place: FormsPlace): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'silent', lineCounter: lines });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const root = doc.contents;
  const lineAt = (node: unknown) => {
    const at = startOf(node);
    return at === undefined ? undefined : lines.linePos(at).line;
  };
  const keyOf = (name: string) => root.items.find((p) => isScalar(p.key) && p.key.value === name);
  const top = keyOf(place.section);
  if (!top) return undefined;
  if (place.section === 'schemas' && place.schema !== undefined && isMap(top.value)) {
    const pair = top.value.items.find((p) => isScalar(p.key) && String(p.key.value) === place.schema);
    if (pair) return lineAt(pair.key);
  }
  if (place.section === 'endpoints' && place.index !== undefined && isSeq(top.value)) {
    const line = lineAt(top.value.items[place.index]);
    if (line !== undefined) return line;
  }
  return lineAt(top.key);
}

import { type Block, cutBlocks } from './fast-blocks.js';
import { deepFreeze } from './deep-freeze.js';
import { isRecord, type Place, readTree } from './fast-tree.js';
import { MAX_CONFIG_DEPTH } from './source.js';

type Tree = { value: unknown; root: Place };

/**
 * One item of a block (an endpoint, a schema…) as read: its value, its place, and its key in a
 * mapping. Offsets are those of the text it was read from, where the item's text started at `base`.
 */
interface Part {
  value: unknown;
  place: Place;
  name: string | undefined;
  /** Where its collection starts (the first `-`, or the first key), for the block's own place. */
  collectionStart: number;
  base: number;
}

/**
 * Items already read, by their text: those of the last text read and of the one before (a reload
 * usually changes one endpoint of many, and a studio draft and the saved file are usually alike).
 */
let recent = new Map<string, Part>();
let older = new Map<string, Part>();

/** Above this many items not read before (and a quarter of all), the whole text is read at once: one read is cheaper than many. */
const FEW_NEW_ITEMS = 8;

const known = (itemText: string): Part | undefined => recent.get(itemText) ?? older.get(itemText);

/** An item's text read as the one item of a collection; items nest one level below a top-level key. */
function readPart(text: string, kind: Block['kind']): Part | undefined {
  const tree = readTree(text, MAX_CONFIG_DEPTH - 1);
  if (!tree) return undefined;
  const { value, root } = tree;
  let name: string | undefined;
  if (kind === 'sequence') {
    if (!Array.isArray(value) || value.length !== 1) return undefined;
  } else {
    const keys = isRecord(value) ? Object.keys(value) : [];
    if (keys.length !== 1) return undefined;
    name = keys[0];
  }
  const place = root.children?.get(name ?? 0);
  if (!place) return undefined;
  const item = (value as Record<string | number, unknown>)[name ?? 0];
  deepFreeze(item);
  return { value: item, place, name, collectionStart: root.start, base: 0 };
}

/** A place read at another offset, moved by `by`: its own offsets now, its children's when looked up. */
function shiftedPlace(place: Place, by: number): Place {
  if (by === 0) return place;
  return {
    start: place.start + by,
    end: place.end + by,
    children: place.children,
    shift: (place.shift ?? 0) + by,
    ...(place.key ? { key: { start: place.key.start + by, end: place.key.end + by } } : {}),
  };
}

/** A block's value and place from its items, each found already read or read on its own. */
function readBlock(text: string, block: Block, used: Map<string, Part>): Tree | undefined {
  const list: unknown[] = [];
  const mapping: Record<string, unknown> = {};
  const children = new Map<string | number, Place>();
  let start = 0;
  let end = 0;
  for (const [n, { start: at, end: to }] of block.items.entries()) {
    const itemText = text.slice(at, to);
    const part = used.get(itemText) ?? known(itemText) ?? readPart(itemText, block.kind);
    if (!part) return undefined;
    used.set(itemText, part);
    const by = at - part.base;
    const place = shiftedPlace(part.place, by);
    if (n === 0) start = part.collectionStart + by;
    end = Math.max(end, place.end);
    if (part.name === undefined) {
      children.set(list.length, place);
      list.push(part.value);
    } else {
      // A repeated key is an error only the whole text's reading reports; `__proto__` is set apart by js-yaml.
      if (part.name === '__proto__' || Object.hasOwn(mapping, part.name)) return undefined;
      children.set(part.name, place);
      mapping[part.name] = part.value;
    }
  }
  return { value: block.kind === 'sequence' ? list : mapping, root: { start, end, children } };
}

/**
 * The text with its blocks read item by item: the rest of the text (without the blocks' lines) is
 * read whole, and each block's key must be one of its top-level keys, at its line, with no value.
 */
function readByItems(text: string, blocks: readonly Block[]): Tree | undefined {
  // The pieces between the blocks, each with where it starts in the rest and how far it moved back.
  let rest = '';
  const pieces: { from: number; moved: number }[] = [];
  let at = 0;
  for (const block of blocks) {
    pieces.push({ from: rest.length, moved: at - rest.length });
    rest += text.slice(at, block.start);
    at = block.end;
  }
  pieces.push({ from: rest.length, moved: at - rest.length });
  rest += text.slice(at);
  const whole = readTree(rest, MAX_CONFIG_DEPTH);
  if (!whole || !isRecord(whole.value) || !whole.root.children) return undefined;
  const { value, root } = whole;
  const places = root.children as Map<string | number, Place>;
  // A top-level entry lies within one piece (a block's key ends the piece before it): it moves with that piece.
  for (const [key, place] of places) {
    let moved = 0;
    for (const piece of pieces) if (piece.from <= place.start) moved = piece.moved;
    places.set(key, shiftedPlace(place, moved));
  }
  const used = new Map<string, Part>();
  for (const block of blocks) {
    const keyPlace = places.get(block.key);
    if (value[block.key] !== null || keyPlace?.key?.start !== block.keyStart) return undefined;
    const read = readBlock(text, block, used);
    if (!read) return undefined;
    value[block.key] = read.value;
    places.set(block.key, { ...read.root, key: keyPlace.key });
  }
  root.end = root.start;
  for (const place of places.values()) root.end = Math.max(root.end, place.end);
  remember(used);
  return whole;
}

/**
 * Keeps the items of a text read whole, for the next reads. A block is kept only when the whole read
 * agrees with the cut: a collection of its kind with as many items, each starting within its lines.
 */
function keepItems(text: string, blocks: readonly Block[], { value, root }: Tree): void {
  const used = new Map<string, Part>();
  for (const block of blocks) {
    const blockPlace = root.children?.get(block.key);
    const places = blockPlace?.children ? [...blockPlace.children] : [];
    const collection = (value as Record<string, unknown>)[block.key];
    const fits =
      places.length === block.items.length &&
      (block.kind === 'sequence' ? Array.isArray(collection) : isRecord(collection)) &&
      places.every(([key, place], n) => {
        const item = block.items[n] as Block['items'][number];
        return key !== '__proto__' && place.start >= item.start && place.start < item.end;
      });
    if (!blockPlace || !fits) continue;
    places.forEach(([key, place], n) => {
      const { start, end } = block.items[n] as Block['items'][number];
      const item = (collection as Record<string | number, unknown>)[key];
      deepFreeze(item);
      const name = block.kind === 'mapping' ? String(key) : undefined;
      // Where this item's `-` (or key) is, as the collection's start were it the first item.
      const collectionStart = start + blockPlace.start - (block.items[0] as Block['items'][number]).start;
      used.set(text.slice(start, end), { value: item, place, name, collectionStart, base: start });
    });
  }
  remember(used);
}

function remember(used: Map<string, Part>): void {
  older = recent;
  recent = used;
}

/**
 * Reads a config text with its places. A text written in blocks (cutBlocks) whose items were mostly
 * read before, for one of the last two texts, reads only its new items and the rest of the text; any
 * other text is read whole, and its items are kept for the next read. Undefined when the text (or any
 * piece of it) is not plainly fine: then YamlSource reads it and reports why. The pieces are read
 * with the same checks as the whole, and a piece that would read differently on its own fails them.
 */
export function readConfigTree(text: string): Tree | undefined {
  const blocks = cutBlocks(text);
  let items = 0;
  let unknown = 0;
  for (const block of blocks)
    for (const { start, end } of block.items) {
      items++;
      if (!known(text.slice(start, end))) unknown++;
    }
  if (items > 0 && (unknown <= FEW_NEW_ITEMS || unknown * 4 <= items)) {
    const tree = readByItems(text, blocks);
    if (tree) return tree;
  }
  const tree = readTree(text, MAX_CONFIG_DEPTH);
  if (tree && blocks.length > 0) keepItems(text, blocks, tree);
  return tree;
}

/** Forgets every item read (for a test that measures reads from nothing). */
export function forgetParts(): void {
  recent = new Map();
  older = new Map();
}

/**
 * Comment-keeping edits of a config text (the studio's forms, Save as seed, a chosen port): each
 * function returns the few text edits that change exactly the addressed node, so comments, blank
 * lines, key order, quoting and flow or block style everywhere else stay byte-identical, as VS Code's
 * settings editor does for JSON (jsonc-parser's `modify`). No DOM, no Node: the renderer and the
 * engine both use it.
 *
 * Built on the `yaml` package's source ranges: the text is parsed, the path is found, and only the
 * new node is printed and spliced in where the old one stood.
 */
import { isMap, isSeq } from 'yaml';
import { addKey, insertItem } from './add.js';
import { deepEqual } from './equal.js';
import { ConfigEditError, pathText } from './errors.js';
import { isEmptyNode, keyIs, type Located, locate } from './locate.js';
import { moveItem } from './move.js';
import { parseSource, type Source } from './parse.js';
import type { DocPath, TextEdit } from './path.js';
import { removeItem } from './remove.js';
import { plainOf, renderKey } from './render.js';
import { replaceAt } from './replace.js';

export { ConfigEditError } from './errors.js';
export type { DocPath, TextEdit } from './path.js';

/** The value to write at `segs` below a node that has none of them: maps (and a list for index 0) around `value`. */
function nest(segs: DocPath, value: unknown, path: DocPath): unknown {
  return segs.reduceRight<unknown>((inner, seg) => {
    if (typeof seg === 'string') return { [seg]: inner };
    if (seg === 0) return [inner];
    throw new ConfigEditError(`${pathText(path)} cannot be created: item ${seg} of a list that does not exist yet.`);
  }, value);
}

/** Writes `value` at path[at.depth..] below the node `at` reached, creating what is missing. */
function create(src: Source, at: Located, path: DocPath, value: unknown): TextEdit {
  const rest = path.slice(at.depth);
  const [seg] = rest;
  const { node } = at;
  if (seg === undefined || isEmptyNode(node)) return replaceAt(src, at, nest(rest, value, path));
  const inner = nest(rest.slice(1), value, path);
  if (isMap(node)) return addKey(src, node, seg, inner);
  if (isSeq(node) && seg === node.items.length) return insertItem(src, node, seg, inner);
  const length = isSeq(node) ? node.items.length : 0;
  throw new ConfigEditError(
    `${pathText(path)} is past the end of the list ${pathText(path.slice(0, at.depth))} (${length} items).`,
  );
}

/** Removes the node `at` points to; the last entry of a collection leaves `{}` or `[]`. */
function remove(src: Source, at: Located, path: DocPath): TextEdit {
  const { holder } = at;
  if (holder.kind === 'root') throw new ConfigEditError('The whole document cannot be removed.');
  const collection = holder.kind === 'map' ? holder.map : holder.seq;
  if (collection.items.length > 1) return removeItem(src, collection, holder.index);
  const parent = locate(src, path.slice(0, -1));
  return replaceAt(src, parent, holder.kind === 'map' ? {} : []);
}

/**
 * Sets the value at `path` (creating missing maps on the way), or removes it when `value` is
 * undefined. Setting the value already there returns no edits.
 */
export function modify(text: string, path: DocPath, value: unknown): TextEdit[] {
  const src = parseSource(text);
  const at = locate(src, path);
  if (at.depth < path.length) return value === undefined ? [] : [create(src, at, path, value)];
  if (value === undefined) return [remove(src, at, path)];
  const current = at.node ? at.node.toJS(src.doc) : null;
  if (deepEqual(current, plainOf(value))) return [];
  return [replaceAt(src, at, value)];
}

/** The list at `listPath`, or undefined when it is missing or empty-valued; throws when something else is there. */
function listAt(src: Source, listPath: DocPath): { at: Located; length: number } | undefined {
  const at = locate(src, listPath);
  if (at.depth < listPath.length || isEmptyNode(at.node)) return undefined;
  if (!isSeq(at.node)) throw new ConfigEditError(`${pathText(listPath)} is not a list.`);
  return { at, length: at.node.items.length };
}

const checkIndex = (index: number, max: number, what: string): void => {
  if (!Number.isInteger(index) || index < 0 || index > max)
    throw new ConfigEditError(`${what} ${index} is outside the list (0 to ${max}).`);
};

/** Inserts `value` into the list at `listPath` before `index` (index = length appends; a missing list is created). */
export function insertAt(text: string, listPath: DocPath, index: number, value: unknown): TextEdit[] {
  const src = parseSource(text);
  const list = listAt(src, listPath);
  if (!list) {
    checkIndex(index, 0, 'Index');
    return modify(text, listPath, [value]);
  }
  checkIndex(index, list.length, 'Index');
  return isSeq(list.at.node) ? [insertItem(src, list.at.node, index, value)] : [];
}

/**
 * Moves the list item at `from` to `to` (indexes before the move), with its comments: as
 * `splice(from, 1)` then `splice(to, 0, item)`, so the item ends up at index `to`.
 */
export function move(text: string, listPath: DocPath, from: number, to: number): TextEdit[] {
  const src = parseSource(text);
  const list = listAt(src, listPath);
  if (!list) throw new ConfigEditError(`${pathText(listPath)} is not a list.`);
  checkIndex(from, list.length - 1, 'Item');
  checkIndex(to, list.length - 1, 'Position');
  if (from === to || !isSeq(list.at.node)) return [];
  return [moveItem(src, list.at.node, from, to)];
}

/** Renames the key `from` of the map at `mapPath` to `to`, keeping its value and comments. */
export function renameKey(text: string, mapPath: DocPath, from: string, to: string): TextEdit[] {
  const src = parseSource(text);
  const at = locate(src, mapPath);
  const map = at.node;
  if (at.depth < mapPath.length || !isMap(map)) throw new ConfigEditError(`${pathText(mapPath)} is not a map.`);
  const pair = map.items.find((p) => keyIs(p.key, from));
  const key = pair?.key as { range?: [number, number, number] } | undefined;
  if (!key?.range) throw new ConfigEditError(`${pathText(mapPath)} has no key '${from}'.`);
  if (from === to) return [];
  if (map.items.some((p) => keyIs(p.key, to)))
    throw new ConfigEditError(`${pathText(mapPath)} already has a key '${to}'.`);
  const [start, end] = key.range;
  return [{ offset: start, length: end - start, text: renderKey(to, at.inFlow || Boolean(map.flow)) }];
}

/**
 * The text with the edits applied, in any order. Edits that overlap (one replaces text another
 * also replaces) are refused, as jsonc-parser's applyEdits refuses them: applied one after the
 * other they would cut into each other's result. Inserts at the same offset are allowed.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  // Where the edit applied before this one (further on in the text) starts.
  let next = text.length;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    if (edit.offset < 0 || edit.length < 0 || edit.offset + edit.length > next)
      throw new ConfigEditError(
        `Overlapping edits: ${edit.offset}-${edit.offset + edit.length} runs into an edit at ${next}.`,
      );
    result = result.slice(0, edit.offset) + edit.text + result.slice(edit.offset + edit.length);
    next = edit.offset;
  }
  return result;
}

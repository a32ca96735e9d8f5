/**
 * `$ref` keys inside example values are data (GitHub's SCIM examples carry `members[].$ref` URLs),
 * not references: the parser would download every URL found in example data. They are renamed
 * before the description is parsed and named back after, so only the description's own `$ref`s
 * are followed. An `examples` entry that is itself a reference to `#/components/examples/…` stays one.
 */
import { isObj, type Obj } from './schema-walk.js';

const HIDDEN = 'x-mockyard-example-$ref';

/** Renames every `$ref` key inside `value` (an example's data) to `from` → `to`, in place. */
function renameDeep(value: unknown, from: string, to: string, seen: Set<unknown>): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) renameDeep(item, from, to, seen);
    return;
  }
  const obj = value as Obj;
  if (from in obj) {
    obj[to] = obj[from];
    delete obj[from];
  }
  for (const child of Object.values(obj)) renameDeep(child, from, to, seen);
}

const isLocalReference = (entry: unknown): boolean =>
  isObj(entry) && typeof entry.$ref === 'string' && Object.keys(entry).length === 1 && entry.$ref.startsWith('#');

/** Hides the `$ref` keys of every example value in the parsed (not yet dereferenced) description, in place. */
export function hideExampleRefs(node: unknown, seen: Set<unknown> = new Set()): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) hideExampleRefs(item, seen);
    return;
  }
  const obj = node as Obj;
  for (const [key, child] of Object.entries(obj)) {
    if (key === 'example') renameDeep(child, '$ref', HIDDEN, new Set());
    else if (key === 'examples' && Array.isArray(child)) renameDeep(child, '$ref', HIDDEN, new Set());
    else if (key === 'examples' && isObj(child)) {
      for (const entry of Object.values(child)) {
        if (isLocalReference(entry)) continue;
        if (isObj(entry) && 'value' in entry) renameDeep(entry.value, '$ref', HIDDEN, new Set());
        else renameDeep(entry, '$ref', HIDDEN, new Set());
      }
    } else hideExampleRefs(child, seen);
  }
}

/** Gives the hidden keys their name back, in the dereferenced description. */
export function restoreExampleRefs(api: unknown): void {
  renameDeep(api, HIDDEN, '$ref', new Set());
}

/**
 * Renames that follow a name through the config (the studio's field and schema renames): the key,
 * its `renamedFrom:` (so the database renames the column or table and keeps the data), and every
 * place that names it. Each step is a comment-keeping edit of the text; the caller writes the
 * whole change as one edit (one undo step).
 */
import { isMap, isScalar, isSeq, parseDocument, YAMLMap } from 'yaml';
import type { DocPath } from './path.js';
import { applyEdits, modify, renameKey } from './index.js';

type Json = unknown;

const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document as plain JSON (null when it is not a map). */
function plain(text: string): Record<string, Json> {
  const js: Json = parseDocument(text).toJS();
  return isRecord(js) ? js : {};
}

const entries = (v: Json): [string, Json][] => (isRecord(v) ? Object.entries(v) : []);
const list = (v: Json): Json[] => (Array.isArray(v) ? v : []);

function edit(text: string, path: DocPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value));
}

/**
 * Writes `renamedFrom: origin` into the entry at `path` (a short field `name: string` becomes a
 * flow map on its line), or removes it when `origin` is undefined (a rename back to the old name).
 */
function setRenamedFrom(text: string, path: DocPath, origin: string | undefined): string {
  const node = parseDocument(text).getIn(path, true);
  if (isScalar(node)) {
    if (origin === undefined) return text;
    const map = new YAMLMap<string, unknown>();
    map.flow = true;
    map.set('type', node.value);
    map.set('renamedFrom', origin);
    return edit(text, path, map);
  }
  if (!isMap(node)) return text;
  return edit(text, [...path, 'renamedFrom'], origin);
}

/** Whether the endpoint entry serves `schema` (a `resource:` of it, or a `response.schema:` naming it). */
const serves = (entry: Json, schema: string): boolean =>
  isRecord(entry) && (entry.resource === schema || (isRecord(entry.response) && entry.response.schema === schema));

/**
 * The old name to write in `renamedFrom:` when `current` is renamed: the name the database has. That
 * is `current` when the saved (applied) config has it, else the pending rename's origin (renamed twice
 * before a save), else `current`.
 */
export function renameOrigin(current: string, pending: string | undefined, savedHas: boolean): string {
  return savedHas ? current : (pending ?? current);
}

/**
 * Renames field `from` of `schema` to `to` everywhere it is named: the key, `renamedFrom: origin`
 * on it (removed when `to` is the origin), the key in every `seed:` row of the schema, each `key:`
 * of an endpoint serving the schema, and `references: Schema.from` in other fields.
 */
export function renameFieldEverywhere(text: string, schema: string, from: string, to: string, origin: string): string {
  const properties = ['schemas', schema, 'properties'];
  let t = applyEdits(text, renameKey(text, properties, from, to));
  t = setRenamedFrom(t, [...properties, to], to === origin ? undefined : origin);
  const doc = plain(t);
  list(isRecord(doc.seed) ? doc.seed[schema] : undefined).forEach((row, i) => {
    if (isRecord(row) && from in row && !(to in row)) t = applyEdits(t, renameKey(t, ['seed', schema, i], from, to));
  });
  list(doc.endpoints).forEach((entry, i) => {
    if (serves(entry, schema) && isRecord(entry) && entry.key === from) t = edit(t, ['endpoints', i, 'key'], to);
  });
  for (const [name, definition] of entries(doc.schemas))
    for (const [field, value] of entries(isRecord(definition) ? definition.properties : undefined))
      if (isRecord(value) && value.references === `${schema}.${from}`)
        t = edit(t, ['schemas', name, 'properties', field, 'references'], `${schema}.${to}`);
  return t;
}

/**
 * Renames schema `from` to `to` everywhere it is named: the key, `renamedFrom: origin` (removed when
 * `to` is the origin), `resource:` and `response.schema:` in endpoints, `references:` (`User` and
 * `User.slug` forms) in every schema, the `feed:` of WebSocket and SSE endpoints, and its `seed:` key.
 * (GraphQL's names come from the schema's name, so they follow without an edit.)
 */
export function renameSchemaEverywhere(text: string, from: string, to: string, origin: string): string {
  let t = applyEdits(text, renameKey(text, ['schemas'], from, to));
  t = setRenamedFrom(t, ['schemas', to], to === origin ? undefined : origin);
  const doc = plain(t);
  list(doc.endpoints).forEach((entry, i) => {
    if (!isRecord(entry)) return;
    if (entry.resource === from) t = edit(t, ['endpoints', i, 'resource'], to);
    if (isRecord(entry.response) && entry.response.schema === from)
      t = edit(t, ['endpoints', i, 'response', 'schema'], to);
    for (const kind of ['websocket', 'sse'] as const) {
      const realtime = entry[kind];
      if (isRecord(realtime) && realtime.feed === from) t = edit(t, ['endpoints', i, kind, 'feed'], to);
    }
  });
  for (const [name, definition] of entries(doc.schemas))
    for (const [field, value] of entries(isRecord(definition) ? definition.properties : undefined)) {
      const ref = isRecord(value) ? value.references : undefined;
      if (typeof ref === 'string' && (ref === from || ref.startsWith(`${from}.`)))
        t = edit(t, ['schemas', name, 'properties', field, 'references'], `${to}${ref.slice(from.length)}`);
    }
  const seed = parseDocument(t).get('seed', true);
  if (isMap(seed) && seed.has(from) && !seed.has(to)) t = applyEdits(t, renameKey(t, ['seed'], from, to));
  return t;
}

/** A place the config names a field in text the rename does not change: a rule's target or a template. */
export interface FieldMention {
  path: DocPath;
  /** What is written there, e.g. `body.name` or `{{ body.name }}`. */
  text: string;
}

/**
 * Rule targets (`when: { body.name: … }`) and templates (`{{ … .name … }}`) of endpoints serving
 * `schema` that name `field`: these are request and response shapes, not columns, so the rename
 * leaves them for the user to follow.
 */
export function fieldMentions(text: string, schema: string, field: string): FieldMention[] {
  const found: FieldMention[] = [];
  const target = new RegExp(`^body\\.${field}(\\.|$)`);
  const template = new RegExp(`\\{\\{[^}]*\\.${field}\\b[^}]*\\}\\}`);
  const walk = (value: Json, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      const match = template.exec(value);
      if (match) found.push({ path, text: match[0] });
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, [...path, i]);
    } else if (isRecord(value))
      for (const [k, v] of Object.entries(value)) {
        if (path[path.length - 1] === 'when' && target.test(k)) found.push({ path: [...path, k], text: k });
        walk(v, [...path, k]);
      }
  };
  const doc = parseDocument(text);
  const endpoints = doc.get('endpoints', true);
  if (!isSeq(endpoints)) return found;
  endpoints.items.forEach((item, i) => {
    const entry: Json = isMap(item) ? item.toJS(doc) : undefined;
    if (serves(entry, schema)) walk(entry, ['endpoints', i]);
  });
  return found;
}

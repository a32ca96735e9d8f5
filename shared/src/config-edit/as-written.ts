/**
 * The config as the user wrote it, for the studio's forms: each schema, field and endpoint entry
 * with its document path, so a form edits exactly what was written (one `resource:` entry, never the
 * six endpoints it expands into).
 */
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from 'yaml';
import type { DocPath } from './index.js';
import { firstSyntaxError, syntaxMessage } from './parse.js';

export interface WrittenField {
  name: string;
  /** ['schemas', schema, 'properties', name] */
  path: DocPath;
  /** The type as written (may be unknown to the engine: the form shows the engine's problem). */
  type: string;
  required: boolean;
  unique: boolean;
  /** undefined when not written. */
  default?: unknown;
  description?: string;
  /** Written in the short form `name: string` (not a map). */
  short: boolean;
  /** `renamedFrom:` as written: the column's old name, kept until the database has the rename. */
  renamedFrom?: string;
}

export interface WrittenSchema {
  name: string;
  /** ['schemas', name] */
  path: DocPath;
  description?: string;
  /** `renamedFrom:` as written: the schema's old name. */
  renamedFrom?: string;
  fields: WrittenField[];
}

export interface WrittenEndpoint {
  /** Index in `endpoints:`. */
  index: number;
  /** ['endpoints', index] */
  path: DocPath;
  kind: 'resource' | 'endpoint';
  /** The entry's own keys and values as written (plain JSON). */
  value: Record<string, unknown>;
  /** 1-based line of the entry. */
  line: number;
}

export type WrittenConfig =
  | {
      ok: true;
      schemas: WrittenSchema[];
      endpoints: WrittenEndpoint[];
      /** `server:` as written, plain JSON ({} when absent). */
      server: Record<string, unknown>;
      /** `scenarios:` as written (name → start state), plain JSON ({} when absent). */
      scenarios: Record<string, unknown>;
    }
  | {
      ok: false;
      /** The first YAML syntax error, 1-based. */
      line: number;
      column: number;
      message: string;
    };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keyName = (key: unknown): string => (isScalar(key) ? String(key.value) : String(key));

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** One field as written: `name: type` (short) or `name: { type, required, unique, default, description }`. */
function readField(doc: Document, schema: string, name: string, node: unknown): WrittenField {
  const path = ['schemas', schema, 'properties', name];
  const value: unknown = isScalar(node) || isMap(node) || isSeq(node) ? (node as Node).toJS(doc) : null;
  if (!isRecord(value)) {
    return {
      name,
      path,
      type: value === null || value === undefined ? '' : String(value),
      required: false,
      unique: false,
      short: true,
    };
  }
  const field: WrittenField = {
    name,
    path,
    type: value.type === undefined || value.type === null ? '' : String(value.type),
    required: value.required === true,
    unique: value.unique === true,
    short: false,
  };
  if (value.default !== undefined) field.default = value.default;
  const description = textOf(value.description);
  if (description !== undefined) field.description = description;
  const renamedFrom = textOf(value.renamedFrom);
  if (renamedFrom !== undefined) field.renamedFrom = renamedFrom;
  return field;
}

function readSchema(doc: Document, name: string, node: unknown): WrittenSchema {
  const schema: WrittenSchema = { name, path: ['schemas', name], fields: [] };
  if (!isMap(node)) return schema;
  const description = textOf(node.get('description'));
  if (description !== undefined) schema.description = description;
  const renamedFrom = textOf(node.get('renamedFrom'));
  if (renamedFrom !== undefined) schema.renamedFrom = renamedFrom;
  const properties = node.get('properties', true);
  if (isMap(properties))
    for (const pair of properties.items) {
      const field = keyName(pair.key);
      schema.fields.push(readField(doc, name, field, pair.value));
    }
  return schema;
}

function readEndpoints(doc: Document, lines: LineCounter): WrittenEndpoint[] {
  const list = doc.get('endpoints', true);
  if (!isSeq(list)) return [];
  return list.items.map((item, index) => {
    const node = item as Node | null;
    const plain: unknown = node && (isMap(node) || isScalar(node) || isSeq(node)) ? node.toJS(doc) : null;
    const value = isRecord(plain) ? plain : {};
    return {
      index,
      path: ['endpoints', index],
      kind: 'resource' in value ? 'resource' : 'endpoint',
      value,
      line: lines.linePos(node?.range?.[0] ?? 0).line,
    };
  });
}

/** Reads the config text as written; `ok: false` when it does not parse as YAML. */
export function readAsWritten(text: string): WrittenConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const error = firstSyntaxError(doc);
  if (error) return { ok: false, line: error.line, column: error.column, message: syntaxMessage(error.line) };
  const root = isMap(doc.contents) ? (doc.contents as YAMLMap) : undefined;
  const schemasNode = root?.get('schemas', true);
  const schemas = isMap(schemasNode)
    ? schemasNode.items.map((pair) => readSchema(doc, keyName(pair.key), pair.value))
    : [];
  const server: unknown = root?.get('server');
  const scenarios: unknown = root?.get('scenarios');
  return {
    ok: true,
    schemas,
    endpoints: readEndpoints(doc, lines),
    server: isMap(server) ? (server.toJS(doc) as Record<string, unknown>) : {},
    scenarios: isMap(scenarios) ? (scenarios.toJS(doc) as Record<string, unknown>) : {},
  };
}

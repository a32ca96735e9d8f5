import { isMap, isScalar, parseDocument } from 'yaml';

/** The schemas declared in a config text, each with its field names, in the order written. */
export type SchemaOutline = Map<string, string[]>;

const keyText = (key: unknown): string | undefined =>
  isScalar(key) && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;

/**
 * Reads `schemas:` from the editor's own text, so completion needs no round trip to the engine. yaml
 * keeps what it could read when the text is half typed (it reports the rest as errors, never throws
 * for syntax), which is the usual state of a document while someone is completing in it.
 */
export function outlineSchemas(text: string): SchemaOutline {
  const outline: SchemaOutline = new Map();
  let schemas: unknown;
  try {
    schemas = parseDocument(text, { uniqueKeys: false, logLevel: 'silent' }).get('schemas', true);
  } catch {
    return outline;
  }
  if (!isMap(schemas)) return outline;
  for (const pair of schemas.items) {
    const name = keyText(pair.key);
    if (name === undefined || outline.has(name)) continue;
    const properties = isMap(pair.value) ? pair.value.get('properties', true) : undefined;
    const fields = isMap(properties) ? properties.items.map((p) => keyText(p.key)) : [];
    outline.set(
      name,
      fields.filter((f): f is string => f !== undefined),
    );
  }
  return outline;
}

/** What is being completed at the cursor: a schema name, or a field of `schema` for `key:`. */
export type ValueSlot = { kind: 'schema'; typed: string } | { kind: 'field'; typed: string; schema?: string };

/** The value slot the cursor is in, from the line up to the cursor; undefined elsewhere. */
export function valueSlotAt(lines: readonly string[], lineIndex: number, column: number): ValueSlot | undefined {
  const before = (lines[lineIndex] ?? '').slice(0, column - 1);
  // `resource: Pro`, `  schema: `, `response: { schema: Pr`, `key: sl`
  const match = /(?:^|[\s{,-])(resource|schema|key)\s*:\s*["']?([A-Za-z0-9_]*)$/.exec(before);
  if (!match || sectionOf(lines, lineIndex) !== 'endpoints') return undefined;
  const [, key, typed = ''] = match;
  if (key !== 'key') return { kind: 'schema', typed };
  return { kind: 'field', typed, schema: entrySchema(lines, lineIndex) };
}

/** The top-level key whose block holds the line: the nearest unindented key above it. */
function sectionOf(lines: readonly string[], lineIndex: number): string | undefined {
  for (let i = lineIndex; i >= 0; i--) {
    const top = /^([A-Za-z_][\w-]*)\s*:/.exec(lines[i] ?? '');
    if (top) return top[1];
  }
  return undefined;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The schema the endpoint entry around a line names (`resource:` or `response.schema`). */
function entrySchema(lines: readonly string[], lineIndex: number): string | undefined {
  // The entry starts at the nearest `- ` above (or on) the line, and runs until the next line
  // indented as little as that dash.
  let start = lineIndex;
  while (start > 0 && !/^\s*- /.test(lines[start] ?? '')) start--;
  const dash = indentOf(lines[start] ?? '');
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (i > start && line.trim() !== '' && indentOf(line) <= dash) break;
    const named = /(?:^|[\s{,-])(?:resource|schema)\s*:\s*["']?([A-Za-z][A-Za-z0-9]*)/.exec(line);
    if (named) return named[1];
  }
  return undefined;
}

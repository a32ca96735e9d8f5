import { isMap, isScalar, parseDocument } from 'yaml';
import { ConfigEditError, modify, type TextEdit } from '../../../shared/src/config-edit/index.js';
import type { Problem, Range } from '../../../shared/src/problems.js';

function positionOf(text: string, offset: number): Range['start'] {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Where the key of the field at `path` is written (the warning points at the new field, not at its schema). */
function keyRange(text: string, path: (string | number)[]): Range | undefined {
  const map = parseDocument(text).getIn(path.slice(0, -1), true);
  if (!isMap(map)) return undefined;
  const key = map.items.find((pair) => isScalar(pair.key) && pair.key.value === path[path.length - 1])?.key;
  const at = isScalar(key) ? key.range : undefined;
  return at ? { start: positionOf(text, at[0]), end: positionOf(text, at[1]) } : undefined;
}

/** The one edit that adds `renamedFrom: <column>` to the field at `path` (a `fullName: string` becomes a map). */
function renamedFromEdit(text: string, path: (string | number)[], column: string): TextEdit | undefined {
  const value: unknown = parseDocument(text).getIn(path);
  const current =
    value && typeof value === 'object' && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : value;
  const edits =
    typeof current === 'string'
      ? modify(text, path, { type: current, renamedFrom: column })
      : modify(text, [...path, 'renamedFrom'], column);
  return edits.length === 1 ? edits[0] : undefined;
}

/**
 * The suggestion of an undeclared rename (code `undeclaredRename`, at the new field) made a quick fix:
 * the `renamedFrom:` line written into `text`, comments and layout kept. Other problems are as they were.
 */
export function withRenameFixes(problems: readonly Problem[], text: string): Problem[] {
  return problems.map((problem) => {
    const column = /`renamedFrom: ([A-Za-z_][A-Za-z0-9_]*)`/.exec(problem.message)?.[1];
    if (problem.code !== 'undeclaredRename' || column === undefined) return problem;
    try {
      const edit = renamedFromEdit(text, problem.path, column);
      if (!edit) return problem;
      const range = { start: positionOf(text, edit.offset), end: positionOf(text, edit.offset + edit.length) };
      // One fix, made for this text: a suggestion made again for a later draft replaces the earlier one.
      const fix = { title: `Add 'renamedFrom: ${column}'`, range, text: edit.text };
      return {
        ...problem,
        range: keyRange(text, problem.path) ?? problem.range,
        fixes: [fix],
      };
    } catch (err) {
      if (err instanceof ConfigEditError) return problem; // the text moved on; the message still says what to write
      throw err;
    }
  });
}

/**
 * The live version's undeclared-rename suggestions that still hold for `text` (the field is there,
 * without `renamedFrom`), with their quick fixes made for it: a draft validated after the save keeps
 * the suggestion the migration made, which validation alone cannot see.
 */
export function pendingRenameSuggestions(live: readonly Problem[], text: string): Problem[] {
  const suggestions = live.filter((p) => p.code === 'undeclaredRename');
  if (suggestions.length === 0) return [];
  const doc = parseDocument(text);
  const still = suggestions.filter((p) => {
    const field: unknown = doc.getIn(p.path, true);
    return field !== undefined && !(isMap(field) && field.has('renamedFrom'));
  });
  return withRenameFixes(still, text);
}

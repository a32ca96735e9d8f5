/**
 * Config changes as data: a value set at a path, or appended to the list at a path. The engine makes
 * a recorded answer into such changes; the studio writes them into the saved text and sends them
 * along, so an editor with unsaved edits makes the same changes on its draft instead of losing it.
 */
import { isSeq, parseDocument } from 'yaml';
import { applyEdits, insertAt, modify } from './index.js';
import type { DocPath } from './path.js';

export interface ConfigChange {
  path: DocPath;
  value: unknown;
  /** Append `value` to the list at `path` (created when missing) instead of setting it. */
  append?: boolean;
}

function length(text: string, path: DocPath): number {
  const node = parseDocument(text).getIn(path);
  return isSeq(node) ? node.items.length : 0;
}

/** The text with each change made in order, comments and layout kept; throws a ConfigEditError when one cannot be made. */
export function applyChanges(text: string, changes: readonly ConfigChange[]): string {
  return changes.reduce(
    (t, change) =>
      applyEdits(
        t,
        change.append
          ? insertAt(t, change.path, length(t, change.path), change.value)
          : modify(t, change.path, change.value),
      ),
    text,
  );
}

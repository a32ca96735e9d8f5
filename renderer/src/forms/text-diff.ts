import type { TextEdit } from '../../../shared/src/config-edit/index';

/**
 * The one replacement that turns `from` into `to`: the common start and end stay. Applying a file
 * reload as this edit (instead of replacing the whole text) keeps the cursor and the scroll where
 * they were whenever the change is elsewhere, and keeps the reload on the undo stack.
 */
export function textDiff(from: string, to: string): TextEdit | undefined {
  if (from === to) return undefined;
  const max = Math.min(from.length, to.length);
  let start = 0;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  return { offset: start, length: from.length - start - end, text: to.slice(start, to.length - end) };
}

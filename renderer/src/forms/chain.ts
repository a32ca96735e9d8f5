import { applyEdits, type TextEdit } from '../../../shared/src/config-edit/index';
import { textDiff } from './text-diff';

/**
 * Several dependent edits (each computed on the text the one before produced) as the one edit of
 * their total change, so a compound form action (expand a resource) is one check and one undo step.
 */
export function chain(base: string, steps: readonly ((text: string) => TextEdit[])[]): TextEdit[] {
  let text = base;
  for (const step of steps) text = applyEdits(text, step(text));
  const edit = textDiff(base, text);
  return edit ? [edit] : [];
}

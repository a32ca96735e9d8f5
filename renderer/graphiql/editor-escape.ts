/**
 * GraphiQL 4's CodeMirror editors take Tab and Shift+Tab to indent, so the keyboard alone could not
 * leave one. As in Monaco and other code editors, Escape first, then Tab or Shift+Tab, moves the focus
 * on: the Tab right after an Escape never reaches the editor, and the browser moves the focus as
 * usual. Any other key in between cancels it, so Tab still indents while typing.
 */
export function escapeThenTabLeavesEditors(): void {
  let escaped = false;
  document.addEventListener(
    'keydown',
    (e) => {
      const inEditor = e.target instanceof Element && e.target.closest('.CodeMirror') !== null;
      if (!inEditor) {
        escaped = false;
        return;
      }
      if (e.key === 'Escape') {
        escaped = true;
        return;
      }
      if (e.key === 'Tab' && escaped) {
        // Capture phase, before CodeMirror's own handler: it never sees this Tab, the browser moves the focus.
        e.stopPropagation();
        escaped = false;
        return;
      }
      if (e.key !== 'Shift') escaped = false;
    },
    true,
  );
}

/**
 * GraphiQL 4's four CodeMirror editors type into a hidden textarea that has no label (axe: `label`,
 * critical), so a screen reader announces an unnamed text field. This names each one after the
 * editor it belongs to, whenever GraphiQL (re)creates it.
 */
function editorName(textarea: HTMLTextAreaElement): string | undefined {
  if (textarea.closest('.graphiql-query-editor')) return 'Query';
  if (textarea.closest('.result-window')) return 'Result';
  const tool = textarea.closest('.graphiql-editor-tool');
  if (!tool) return undefined;
  // The tools section holds the variables editor, then the headers editor (graphiql 4.1.2's order).
  const editors = [...tool.querySelectorAll(':scope > .graphiql-editor')];
  const at = editors.findIndex((editor) => editor.contains(textarea));
  return at === 0 ? 'Variables' : at === 1 ? 'Request headers' : undefined;
}

function labelAll(root: ParentNode): void {
  for (const textarea of root.querySelectorAll<HTMLTextAreaElement>('.CodeMirror textarea:not([aria-label])')) {
    const name = editorName(textarea);
    if (name) textarea.setAttribute('aria-label', `${name} (Escape, then Tab, leaves the editor)`);
  }
}

export function labelEditors(root: HTMLElement): void {
  labelAll(root);
  new MutationObserver(() => labelAll(root)).observe(root, { childList: true, subtree: true });
}

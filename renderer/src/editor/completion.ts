import type * as Monaco from 'monaco-editor';
import { outlineSchemas, valueSlotAt } from './config-outline';

/**
 * Completion of the config's own names, which the JSON Schema cannot know: schema names after
 * `resource:` and `schema:`, and after `key:` the fields of the schema that endpoint entry names.
 * Runs beside monaco-yaml's provider (keys, enums, snippets), which offers nothing in these slots.
 */
export function registerConfigCompletion(monaco: typeof Monaco): Monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: [' ', ':'],
    provideCompletionItems(model, position) {
      const lines = model.getLinesContent();
      const slot = valueSlotAt(lines, position.lineNumber - 1, position.column);
      if (!slot) return { suggestions: [] };
      const outline = outlineSchemas(model.getValue());
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - slot.typed.length,
        endColumn: model.getWordUntilPosition(position).endColumn,
      };
      if (slot.kind === 'schema') {
        return {
          suggestions: [...outline].map(([name, fields], i) => ({
            label: { label: name, description: 'schema' },
            kind: monaco.languages.CompletionItemKind.Class,
            detail: fields.length > 0 ? `fields: ${fields.join(', ')}` : undefined,
            insertText: name,
            range,
            sortText: String(i).padStart(4, '0'),
          })),
        };
      }
      const fields = slot.schema === undefined ? undefined : outline.get(slot.schema);
      return {
        suggestions: (fields ?? []).map((field, i) => ({
          label: { label: field, description: `field of ${slot.schema}` },
          kind: monaco.languages.CompletionItemKind.Field,
          insertText: field,
          range,
          sortText: String(i).padStart(4, '0'),
        })),
      };
    },
  });
}

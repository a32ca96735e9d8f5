import Editor, { type OnMount } from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Problem } from '../../../shared/src/problems';
import { setProblemMarkers } from '../editor/markers';
import { CONFIG_MODEL_URI, DARK_THEME } from '../editor/monaco-setup';
import { textDiff } from '../forms/text-diff';
import { type CodeEditor, type ConfigEditorHandle, editorHandle, replace } from './config-editor-handle';

export type { ConfigEditorHandle } from './config-editor-handle';

interface Props {
  dark: boolean;
  text: string;
  problems: Problem[];
  onChange(text: string): void;
  onSave(): void;
  /** Shown, not edited (a db.json's config before Convert). */
  readOnly?: boolean;
}

/** How many of its own recent texts the editor remembers to recognise a late echo of them. */
const ECHOES_KEPT = 64;

/**
 * The YAML editor: schema completion and hover from monaco-yaml, problems from the engine.
 *
 * The model owns the text. `text` is NOT a controlled value: the studio's state lags the model by a
 * render while someone types, and writing a lagging value back into the model loses keystrokes and
 * throws the cursor to the end. So a `text` the editor itself emitted is a late echo and is ignored;
 * any other (a file reload, a kept draft) is applied as the smallest edit, which keeps the cursor.
 */
export const ConfigEditor = forwardRef<ConfigEditorHandle, Props>(function ConfigEditor(
  { dark, text, problems, onChange, onSave, readOnly = false },
  ref,
) {
  const editorRef = useRef<CodeEditor | undefined>(undefined);
  const monacoRef = useRef<typeof Monaco | undefined>(undefined);
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const textRef = useRef(text);
  textRef.current = text;
  // Texts the editor emitted since the studio last caught up with it.
  const echoes = useRef<string[]>([]);

  useImperativeHandle(ref, () => editorHandle(() => editorRef.current));

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const current = model.getValue();
    if (text === current) {
      echoes.current = [];
      return;
    }
    if (echoes.current.includes(text)) return;
    const edit = textDiff(current, text);
    if (edit) replace(editor, model, 'reload', [edit]);
  }, [text]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (monaco && model) setProblemMarkers(monaco, model, problems);
  }, [problems]);

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    monacoRef.current = monaco;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current());
    const model = editor.getModel();
    if (!model) return;
    // The text may have changed while Monaco loaded (a kept draft, a reload): start from the newest.
    if (model.getValue() !== textRef.current) model.setValue(textRef.current);
    setProblemMarkers(monaco, model, problems);
  };

  return (
    <div className="editor" data-testid="editor">
      <Editor
        path={CONFIG_MODEL_URI}
        language="yaml"
        defaultValue={text}
        theme={dark ? DARK_THEME : 'vs'}
        onChange={(value) => {
          const next = value ?? '';
          echoes.current.push(next);
          if (echoes.current.length > ECHOES_KEPT) echoes.current.shift();
          onChange(next);
        }}
        onMount={onMount}
        loading={<div className="empty">Loading the editor…</div>}
        options={{
          minimap: { enabled: false },
          // 'dimmed' draws the number of the line after a final newline at 1.75:1 (axe color-contrast).
          renderFinalNewline: 'on',
          fontSize: 13,
          tabSize: 2,
          insertSpaces: true,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          quickSuggestions: { other: true, comments: false, strings: true },
          renderValidationDecorations: 'on',
          readOnly,
          readOnlyMessage: { value: 'A db.json’s config is read-only: Convert to a config to edit it.' },
        }}
      />
    </div>
  );
});

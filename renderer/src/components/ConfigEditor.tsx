import Editor, { type OnMount } from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { TextEdit } from '../../../shared/src/config-edit/index';
import type { Problem } from '../../../shared/src/problems';
import { setProblemMarkers } from '../editor/markers';
import { CONFIG_MODEL_URI, DARK_THEME } from '../editor/monaco-setup';
import { textDiff } from '../forms/text-diff';

export interface ConfigEditorHandle {
  revealLine(line: number, column?: number): void;
  /** Scrolls a line into view, leaving the cursor and the focus where they are. */
  scrollToLine(line: number): void;
  /** Puts the cursor at the start of a line and scrolls to it, leaving the focus where it is. */
  placeCursor(line: number): void;
  /** The cursor's 1-based line, or undefined before the editor is mounted. */
  cursorLine(): number | undefined;
  /** The text as it is in the editor now: newer than any prop while the user types. */
  getText(): string | undefined;
  /**
   * Applies edits (offsets into `base`) as one undoable step, so Ctrl+Z in the editor undoes a form
   * edit. Refuses (false) when the editor's text is no longer `base`: the caller computes again.
   */
  applyEdits(edits: readonly TextEdit[], base: string): boolean;
}

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

type CodeEditor = Monaco.editor.IStandaloneCodeEditor;

function replace(editor: CodeEditor, model: Monaco.editor.ITextModel, source: string, edits: readonly TextEdit[]) {
  const ops = edits.map((e) => {
    const start = model.getPositionAt(e.offset);
    const end = model.getPositionAt(e.offset + e.length);
    return {
      range: {
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      },
      text: e.text,
      forceMoveMarkers: false,
    };
  });
  // Undo stops on both sides make the edit one step of its own; no end cursor state: the cursor
  // stays where it was, moved only by text inserted before it.
  editor.pushUndoStop();
  editor.executeEdits(source, ops);
  editor.pushUndoStop();
}

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

  useImperativeHandle(ref, () => ({
    scrollToLine(line) {
      editorRef.current?.revealLineInCenterIfOutsideViewport(line);
    },
    placeCursor(line) {
      const editor = editorRef.current;
      if (!editor) return;
      editor.setPosition({ lineNumber: line, column: 1 });
      editor.revealLineInCenterIfOutsideViewport(line);
    },
    cursorLine: () => editorRef.current?.getPosition()?.lineNumber,
    revealLine(line, column = 1) {
      const editor = editorRef.current;
      if (!editor) return;
      editor.revealLineInCenter(line);
      editor.setPosition({ lineNumber: line, column });
      editor.focus();
    },
    getText: () => editorRef.current?.getModel()?.getValue(),
    applyEdits(edits, base) {
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (!editor || !model || model.getValue() !== base) return false;
      if (edits.length > 0) replace(editor, model, 'form', edits);
      return true;
    },
  }));

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

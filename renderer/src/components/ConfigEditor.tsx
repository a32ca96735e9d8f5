import Editor, { type OnMount } from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Problem } from '../../../shared/src/problems';
import { setProblemMarkers } from '../editor/markers';
import { CONFIG_MODEL_URI } from '../editor/monaco-setup';

export interface ConfigEditorHandle {
  revealLine(line: number, column?: number): void;
}

interface Props {
  dark: boolean;
  text: string;
  problems: Problem[];
  onChange(text: string): void;
  onSave(): void;
}

/** The YAML editor: schema completion and hover from monaco-yaml, problems from the engine. */
export const ConfigEditor = forwardRef<ConfigEditorHandle, Props>(function ConfigEditor(
  { dark, text, problems, onChange, onSave },
  ref,
) {
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | undefined>(undefined);
  const monacoRef = useRef<typeof Monaco | undefined>(undefined);
  const saveRef = useRef(onSave);
  saveRef.current = onSave;

  useImperativeHandle(ref, () => ({
    revealLine(line, column = 1) {
      const editor = editorRef.current;
      if (!editor) return;
      editor.revealLineInCenter(line);
      editor.setPosition({ lineNumber: line, column });
      editor.focus();
    },
  }));

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
    if (model) setProblemMarkers(monaco, model, problems);
  };

  return (
    <div className="editor" data-testid="editor">
      <Editor
        path={CONFIG_MODEL_URI}
        language="yaml"
        value={text}
        theme={dark ? 'vs-dark' : 'vs'}
        onChange={(value) => onChange(value ?? '')}
        onMount={onMount}
        loading={<div className="empty">Loading the editor…</div>}
        options={{
          minimap: { enabled: false },
          fontSize: 13,
          tabSize: 2,
          insertSpaces: true,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          quickSuggestions: { other: true, comments: false, strings: true },
          renderValidationDecorations: 'on',
        }}
      />
    </div>
  );
});

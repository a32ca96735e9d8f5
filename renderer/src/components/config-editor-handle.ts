import type * as Monaco from 'monaco-editor';
import type { TextEdit } from '../../../shared/src/config-edit/index';

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

export type CodeEditor = Monaco.editor.IStandaloneCodeEditor;

/** Applies `edits` (offsets into the model's text) as one undoable step, named `source`. */
export function replace(
  editor: CodeEditor,
  model: Monaco.editor.ITextModel,
  source: string,
  edits: readonly TextEdit[],
) {
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

/** The config editor's handle over the Monaco editor `get` returns (undefined before it is mounted). */
export function editorHandle(get: () => CodeEditor | undefined): ConfigEditorHandle {
  return {
    scrollToLine(line) {
      get()?.revealLineInCenterIfOutsideViewport(line);
    },
    placeCursor(line) {
      const editor = get();
      if (!editor) return;
      editor.setPosition({ lineNumber: line, column: 1 });
      editor.revealLineInCenterIfOutsideViewport(line);
    },
    cursorLine: () => get()?.getPosition()?.lineNumber,
    revealLine(line, column = 1) {
      const editor = get();
      if (!editor) return;
      editor.revealLineInCenter(line);
      editor.setPosition({ lineNumber: line, column });
      editor.focus();
    },
    getText: () => get()?.getModel()?.getValue(),
    applyEdits(edits, base) {
      const editor = get();
      const model = editor?.getModel();
      if (!editor || !model || model.getValue() !== base) return false;
      if (edits.length > 0) replace(editor, model, 'form', edits);
      return true;
    },
  };
}

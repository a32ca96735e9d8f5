import type * as Monaco from 'monaco-editor';
import type { Problem } from '../../../shared/src/problems';
import { rememberProblems } from './quick-fixes';

/** The engine's problems as Monaco markers at their exact line and column. */
export function setProblemMarkers(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  problems: readonly Problem[],
): void {
  const markers = problems.map((p) => {
    const sameSpot = p.range.end.line === p.range.start.line && p.range.end.column <= p.range.start.column;
    return {
      severity: p.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      message: p.message,
      code: p.code,
      source: 'mockyard',
      startLineNumber: p.range.start.line,
      startColumn: p.range.start.column,
      endLineNumber: p.range.end.line,
      endColumn: sameSpot
        ? model.getLineMaxColumn(Math.min(p.range.start.line, model.getLineCount()))
        : p.range.end.column,
    };
  });
  rememberProblems(model, problems);
  monaco.editor.setModelMarkers(model, 'mockyard', markers);
}

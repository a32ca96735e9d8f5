import type * as Monaco from 'monaco-editor';
import type { Problem } from '../../../shared/src/problems';

/** The problems last shown on each model, so a quick fix can be found from its marker. */
const shown = new WeakMap<Monaco.editor.ITextModel, readonly Problem[]>();

export function rememberProblems(model: Monaco.editor.ITextModel, problems: readonly Problem[]): void {
  shown.set(model, problems);
}

const sameStart = (problem: Problem, marker: Monaco.editor.IMarkerData): boolean =>
  problem.range.start.line === marker.startLineNumber && problem.range.start.column === marker.startColumn;

/**
 * Ctrl+. (and the light bulb) on an engine problem offers the fixes the engine attached to it
 * (Problem.fixes): "Change to 'Product'" on `resource: Prodcut`. Markers carry no payload, so the
 * problem is found again by its message and start.
 */
export function registerQuickFixes(monaco: typeof Monaco): Monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider(
    'yaml',
    {
      provideCodeActions(model, _range, context) {
        const problems = shown.get(model) ?? [];
        const actions: Monaco.languages.CodeAction[] = [];
        for (const marker of context.markers) {
          if (marker.source !== 'mockyard') continue;
          const problem = problems.find((p) => p.message === marker.message && sameStart(p, marker));
          for (const fix of problem?.fixes ?? []) {
            actions.push({
              title: fix.title,
              kind: 'quickfix',
              diagnostics: [marker],
              isPreferred: problem?.fixes?.length === 1,
              edit: {
                edits: [
                  {
                    resource: model.uri,
                    versionId: model.getVersionId(),
                    textEdit: {
                      range: {
                        startLineNumber: fix.range.start.line,
                        startColumn: fix.range.start.column,
                        endLineNumber: fix.range.end.line,
                        endColumn: fix.range.end.column,
                      },
                      text: fix.text,
                    },
                  },
                ],
              },
            });
          }
        }
        return { actions, dispose() {} };
      },
    },
    { providedCodeActionKinds: ['quickfix'] },
  );
}

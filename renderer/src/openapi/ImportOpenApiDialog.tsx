import { FileInput, X } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { type MergeOutcome, mergeConfigs } from '../../../shared/src/config-merge';
import { counted } from '../../../shared/src/plural';
import type { OpenApiImport } from '../../../shared/src/studio-contract';
import { Modal } from '../components/Modal';
import { MergeNote } from './MergeNote';

/** What the dialog shows: the import being read, its result, or why it failed. */
export type ImportState =
  | { name: string; phase: 'reading' }
  | { name: string; phase: 'ready'; result: OpenApiImport }
  | { name: string; phase: 'failed'; message: string };

interface Props {
  state: ImportState;
  /** The config's file name and how many endpoints it has now, for what replacing it means. */
  configName: string;
  endpoints: number;
  dirty: boolean;
  /** The editor's text now: what Merge adds to. */
  currentText(): string;
  /** Puts a whole new text in the editor (one undoable edit), saves and serves it. */
  onReplace(text: string): void;
  onClose(): void;
}

/** The import's summary, and the question whether it replaces the config; nothing changes before "Replace". */
export function ImportOpenApiDialog({ state, configName, endpoints, dirty, currentText, onReplace, onClose }: Props) {
  const result = state.phase === 'ready' ? state.result : undefined;
  // What Merge would do, worked out once the import is read (the modal keeps the editor as it is),
  // so the clashes are shown before it is chosen.
  const textOf = useRef(currentText);
  textOf.current = currentText;
  const merge = useMemo<MergeOutcome | string | undefined>(() => {
    if (!result) return undefined;
    try {
      return mergeConfigs(textOf.current(), result.text);
    } catch (err) {
      return (err as Error).message;
    }
  }, [result]);
  return (
    <Modal label="Import OpenAPI" onClose={onClose}>
      <section className="dialog import-openapi" data-testid="openapi-import">
        <header>
          <FileInput size={18} aria-hidden="true" />
          Import OpenAPI: {state.name}
          <span className="spacer" />
          <button type="button" className="icon" aria-label="Close the import" onClick={onClose}>
            <X size={16} aria-hidden="true" />
          </button>
        </header>
        {state.phase === 'reading' ? <p>Reading {state.name}…</p> : null}
        {state.phase === 'failed' ? (
          <p className="error" role="alert" data-testid="openapi-import-error">
            {state.message}
          </p>
        ) : null}
        {result ? (
          <>
            <p data-testid="openapi-import-summary">
              {result.title}: {result.summary.schemas} {result.summary.schemas === 1 ? 'schema' : 'schemas'},{' '}
              {counted(result.summary.schemaEndpoints, 'schema-backed endpoint')},{' '}
              {counted(result.summary.staticEndpoints, 'static endpoint')}.
            </p>
            {result.renames.length ? (
              <details>
                <summary>Renamed ({result.renames.length})</summary>
                <ul className="import-list">
                  {result.renames.map((r) => (
                    <li key={r.pointer}>
                      <code>{r.pointer}</code>: {r.from} → {r.to}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {result.skipped.length ? (
              <div>
                <p>Not carried over ({result.skipped.length}):</p>
                <ul className="import-list" data-testid="openapi-import-skipped">
                  {result.skipped.map((s) => (
                    <li key={`${s.pointer} ${s.reason}`}>
                      <code>{s.pointer}</code>: {s.reason}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p>Everything in the description was carried over.</p>
            )}
            <p className="form-warning" role="note" data-testid="openapi-import-replaces">
              {endpoints > 0 || dirty
                ? `Replace saves this in ${configName} and serves it instead of what it holds now (${[
                    endpoints > 0 ? counted(endpoints, 'endpoint') : '',
                    dirty ? 'your unsaved edits' : '',
                  ]
                    .filter(Boolean)
                    .join(' and ')}). Ctrl+Z in the editor brings the old text back.`
                : `Replace saves this in ${configName} and serves it.`}
            </p>
            {endpoints > 0 || dirty ? <MergeNote merge={merge} configName={configName} /> : null}
          </>
        ) : null}
        <footer>
          {result && typeof merge === 'object' && (endpoints > 0 || dirty) ? (
            <button type="button" onClick={() => onReplace(merge.text)} data-testid="openapi-import-merge">
              Merge into {configName}
            </button>
          ) : null}
          {result ? (
            <button
              type="button"
              className="primary"
              onClick={() => onReplace(result.text)}
              data-testid="openapi-import-replace"
            >
              Replace {configName}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            {result ? 'Cancel' : 'Close'}
          </button>
        </footer>
      </section>
    </Modal>
  );
}

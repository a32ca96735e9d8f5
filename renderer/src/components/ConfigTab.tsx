import { Code, Columns2, LayoutList } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback } from 'react';
import type { TemplatePreviewRequest } from '../../../shared/src/template-preview';
import type { StudioClient } from '../api/client';
import type { StudioState } from '../studio/studio-state';
import { ErrorBanner } from '../feedback/ErrorBanner';
import type { SubmitEdit } from '../forms/edit-queue';
import { FormsPanel } from '../forms/FormsPanel';
import { ConfigEditor, type ConfigEditorHandle } from './ConfigEditor';
import { PROBLEMS, type Layout } from './layout/use-layout';
import { ProblemsList } from './ProblemsList';
import { type ConfigView, useConfigView } from './use-config-view';
import { Splitter } from './layout/Splitter';

interface Props {
  client: StudioClient;
  editor: RefObject<ConfigEditorHandle | null>;
  hidden: boolean;
  dark: boolean;
  /**
   * The config: its text, the text as last saved (the forms' renames write the names the data has),
   * its problems, and a failed config call (save, validate, apply, write the port) until dismissed.
   */
  config: Pick<StudioState, 'text' | 'savedText' | 'problems' | 'error'>;
  layout: Layout;
  onLayout(patch: Partial<Layout>): void;
  onChange(text: string): void;
  onSave(): void;
  /** The forms' edit queue (the shell's, so Save waits for it). */
  submit: SubmitEdit;
  onJump(line: number, column: number): void;
  onDismissError(): void;
  /** A db.json open: the YAML is read-only, the forms hidden, and `banner` says why. */
  readOnly?: boolean;
  banner?: ReactNode;
}

const VIEWS: { id: ConfigView; label: string; icon: typeof Code }[] = [
  { id: 'editor', label: 'YAML', icon: Code },
  { id: 'split', label: 'Split', icon: Columns2 },
  { id: 'forms', label: 'Forms', icon: LayoutList },
];

/** The Config tab: the YAML editor and the forms (two views of one text) over the Problems pane. */
export function ConfigTab(props: Props) {
  const { layout, onLayout, client, editor, config, submit } = props;
  const { problems } = config;
  const open = problems.length > 0 && !layout.problemsCollapsed;
  const { view: chosenView, setView, formsPlace, onFormsPlace } = useConfigView(editor, config.text);
  // Read-only (a db.json): the YAML alone; the forms edit, so they are not offered.
  const view: ConfigView = props.readOnly ? 'editor' : chosenView;
  const preview = useCallback((request: TemplatePreviewRequest) => client.call('template.preview', request), [client]);
  const revealLine = useCallback((line: number) => editor.current?.scrollToLine(line), [editor]);
  // The editor stays mounted while another tab (or the forms alone) shows, so its undo history and
  // cursor stay, and form edits still go through it.
  return (
    <div className="tab-body" hidden={props.hidden}>
      <ErrorBanner message={config.error} onDismiss={props.onDismissError} testId="config-error" />
      {props.banner}
      {props.readOnly ? null : (
        <fieldset className="config-views" aria-label="Config view">
          {VIEWS.map(({ id, label, icon: Icon }) => (
            <button key={id} type="button" aria-pressed={view === id} onClick={() => setView(id)}>
              <Icon size={14} aria-hidden="true" /> {label}
            </button>
          ))}
        </fieldset>
      )}
      <div className={`config-panes view-${view}`}>
        <div className="config-editor-pane" hidden={view === 'forms'}>
          <ConfigEditor
            ref={editor}
            dark={props.dark}
            text={config.text}
            problems={problems}
            onChange={props.onChange}
            onSave={props.onSave}
            readOnly={props.readOnly === true}
          />
        </div>
        {view === 'editor' ? null : (
          <FormsPanel
            text={config.text}
            savedText={config.savedText}
            problems={problems}
            submit={submit}
            preview={preview}
            revealLine={view === 'split' ? revealLine : undefined}
            place={formsPlace}
            onPlace={onFormsPlace}
          />
        )}
      </div>
      {open ? (
        <Splitter
          orientation="horizontal"
          size={layout.problemsHeight}
          min={PROBLEMS.min}
          max={PROBLEMS.max}
          direction={-1}
          label="Resize the problems pane"
          onResize={(problemsHeight) => onLayout({ problemsHeight })}
          testId="problems-splitter"
        />
      ) : (
        <div className="rule" aria-hidden="true" />
      )}
      <ProblemsList
        problems={problems}
        collapsed={layout.problemsCollapsed}
        height={layout.problemsHeight}
        onToggle={() => onLayout({ problemsCollapsed: !layout.problemsCollapsed })}
        onJump={props.onJump}
      />
    </div>
  );
}

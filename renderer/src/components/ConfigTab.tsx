import type { RefObject } from 'react';
import type { Problem } from '../../../shared/src/problems';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { ConfigEditor, type ConfigEditorHandle } from './ConfigEditor';
import { PROBLEMS, type Layout } from './layout/use-layout';
import { ProblemsList } from './ProblemsList';
import { Splitter } from './layout/Splitter';

interface Props {
  editor: RefObject<ConfigEditorHandle | null>;
  hidden: boolean;
  dark: boolean;
  text: string;
  problems: Problem[];
  /** A failed config call (save, validate, apply, write the port): it stays here until dismissed. */
  error: string | undefined;
  layout: Layout;
  onLayout(patch: Partial<Layout>): void;
  onChange(text: string): void;
  onSave(): void;
  onJump(line: number, column: number): void;
  onDismissError(): void;
}

/** The Config tab: the YAML editor over a resizable, foldable Problems pane. */
export function ConfigTab(props: Props) {
  const { layout, onLayout, problems } = props;
  const open = problems.length > 0 && !layout.problemsCollapsed;
  // The editor stays mounted while another tab shows (hidden), so its undo history and cursor stay.
  return (
    <div className="tab-body" hidden={props.hidden}>
      <ErrorBanner message={props.error} onDismiss={props.onDismissError} testId="config-error" />
      <ConfigEditor
        ref={props.editor}
        dark={props.dark}
        text={props.text}
        problems={problems}
        onChange={props.onChange}
        onSave={props.onSave}
      />
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

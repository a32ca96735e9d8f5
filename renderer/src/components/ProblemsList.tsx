import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { counted } from '../../../shared/src/plural';
import type { Problem } from '../../../shared/src/problems';

interface Props {
  problems: Problem[];
  /** Folded to its header bar; with no problems it is always just the bar. */
  collapsed: boolean;
  /** The list's height when open, in px. */
  height: number;
  onToggle(): void;
  onJump(line: number, column: number): void;
}

/** Every problem of the editor's text; click one to jump to it. Takes one slim bar when there are none. */
export function ProblemsList({ problems, collapsed, height, onToggle, onJump }: Props) {
  const open = problems.length > 0 && !collapsed;
  const errors = problems.some((p) => p.severity === 'error');
  return (
    <section
      className="problems"
      aria-label="Problems"
      data-testid="problems"
      data-collapsed={!open}
      style={open ? { height } : undefined}
    >
      <header>
        Problems
        {problems.length === 0 ? (
          <span className="count">
            <CircleCheck size={12} aria-hidden="true" /> No problems
          </span>
        ) : (
          <span className={`count${errors ? ' has-errors' : ''}`}>{counted(problems.length, 'problem')}</span>
        )}
        <span className="spacer" />
        {problems.length > 0 ? (
          <button
            type="button"
            className="icon"
            onClick={onToggle}
            aria-expanded={open}
            aria-label={open ? 'Fold the problems pane' : 'Show the problems'}
            data-testid="problems-toggle"
          >
            {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronUp size={14} aria-hidden="true" />}
          </button>
        ) : null}
      </header>
      {open ? (
        <ul>
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every validation.
            <li key={i}>
              <button
                type="button"
                className={`problem ${p.severity}`}
                onClick={() => onJump(p.range.start.line, p.range.start.column)}
              >
                {p.severity === 'error' ? (
                  <CircleAlert size={14} aria-hidden="true" />
                ) : (
                  <TriangleAlert size={14} aria-hidden="true" />
                )}
                <span className="where">
                  {p.range.start.line}:{p.range.start.column}
                </span>
                <span className="severity">{p.severity}</span>
                <span className="message">{p.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

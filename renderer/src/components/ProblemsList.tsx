import type { Problem } from '../../../shared/src/problems';

interface Props {
  problems: Problem[];
  onJump(line: number, column: number): void;
}

/** Every problem of the editor's text; click one to jump to it. */
export function ProblemsList({ problems, onJump }: Props) {
  return (
    <section className="problems" aria-label="Problems" data-testid="problems">
      <header>
        Problems <span className="count">{problems.length}</span>
      </header>
      {problems.length === 0 ? (
        <p className="empty">No problems.</p>
      ) : (
        <ul>
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every validation.
            <li key={i}>
              <button
                type="button"
                className={`problem ${p.severity}`}
                onClick={() => onJump(p.range.start.line, p.range.start.column)}
              >
                <span className="where">
                  {p.range.start.line}:{p.range.start.column}
                </span>
                <span className="severity">{p.severity}</span>
                <span className="message">{p.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

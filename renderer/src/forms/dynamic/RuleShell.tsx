import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DocPath } from '../../../../shared/src/config-edit/index';
import { describeWhen } from '../../../../shared/src/dynamic-form/rule-condition';
import { useForms } from '../form-context';
import { MoveButtons } from '../MoveButtons';
import { DeleteButton } from './DeleteButton';
import { problemsAt } from '../problems-at';

/** What RulesEditor gives each rule's card. */
export interface RuleCardProps {
  rule: Record<string, unknown>;
  at: DocPath;
  /** 0-based place in `rules:`. */
  index: number;
  count: number;
  open: boolean;
  suggestions: readonly string[];
  onToggle(): void;
  onMove(to: number): void;
  onDelete(): void;
}

/**
 * A rule's frame: a heading with its conditions in a line, what it supplies, and its move and delete
 * buttons; opened, the body the card gives (an HTTP rule's or a WebSocket message rule's parts).
 */
export function RuleShell({
  props,
  supplies,
  children,
}: {
  props: RuleCardProps;
  supplies: readonly string[];
  children: ReactNode;
}) {
  const { rule, at, index, count, open, onToggle, onMove, onDelete } = props;
  const { problems, readOnly } = useForms();
  const n = index + 1;
  const errors = problemsAt(problems, at).filter((p) => p.severity === 'error').length;
  return (
    <section className="rule-card" aria-label={`Rule ${n}`} data-testid={`rule-${n}`} data-rule={index}>
      <header className="rule-head">
        <button
          type="button"
          className="rule-toggle"
          aria-expanded={open}
          onClick={onToggle}
          title={`${open ? 'Fold' : 'Open'} rule ${n}: when ${describeWhen(rule.when)}`}
        >
          {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          <strong>Rule {n}</strong>
          <span className="rule-when">{describeWhen(rule.when)}</span>
          <span className="muted rule-supplies">{supplies.length ? `→ ${supplies.join(', ')}` : '→ nothing yet'}</span>
        </button>
        {errors > 0 ? <span className="form-badge error">{errors}</span> : null}
        <MoveButtons
          name={`rule ${n}`}
          disabled={readOnly}
          onUp={index === 0 ? undefined : () => onMove(index - 1)}
          onDown={index === count - 1 ? undefined : () => onMove(index + 1)}
          titles={['Move up: tried earlier', 'Move down: tried later']}
        />
        <DeleteButton kind="rule" n={n} disabled={readOnly} onDelete={onDelete} />
      </header>
      {open ? <div className="rule-body">{children}</div> : null}
    </section>
  );
}

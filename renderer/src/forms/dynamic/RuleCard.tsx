import { ArrowDown, ArrowUp, ChevronDown, ChevronRight } from 'lucide-react';
import { DeleteButton } from './DeleteButton';
import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { describeWhen } from '../../../../shared/src/dynamic-form/rule-condition';
import { useForms } from '../form-context';
import { Messages, TextInput } from '../inputs';
import { problemsAt } from '../problems-at';
import { CallbacksEditor } from './CallbacksEditor';
import { ConditionsEditor } from './ConditionsEditor';
import { EffectsFields } from './EffectsFields';
import { HeadersEditor } from './HeadersEditor';
import { ResponseEditor } from './ResponseEditor';
import { SetScenarioFields } from './SetScenarioFields';

export interface WrittenRule {
  when?: unknown;
  status?: unknown;
  response?: unknown;
  headers?: unknown;
  latency?: unknown;
  fault?: unknown;
  description?: unknown;
  setScenario?: unknown;
  callbacks?: unknown;
}

interface Props {
  rule: WrittenRule;
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

const statusValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** One rule: a heading with its conditions in a line and its move and delete buttons; opened, every part of it. */
export function RuleCard({ rule, at, index, count, open, suggestions, onToggle, onMove, onDelete }: Props) {
  const { submit, problems, readOnly } = useForms();
  const n = index + 1;
  const errors = problemsAt(problems, at).filter((p) => p.severity === 'error').length;
  const set = (key: string, value: unknown) => submit((t) => modify(t, [...at, key], value), [...at, key]);
  const supplies = [
    rule.status !== undefined ? `status ${text(rule.status)}` : '',
    rule.response !== undefined ? 'response' : '',
    rule.headers !== undefined ? 'headers' : '',
    rule.latency !== undefined ? 'latency' : '',
    rule.fault !== undefined ? 'fault' : '',
    rule.setScenario !== undefined ? 'set scenario' : '',
    rule.callbacks !== undefined ? 'callbacks' : '',
  ].filter(Boolean);
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
        <button
          type="button"
          className="icon"
          data-move="up"
          disabled={readOnly || index === 0}
          aria-label={`Move rule ${n} up`}
          title="Move up: tried earlier"
          onClick={() => onMove(index - 1)}
        >
          <ArrowUp size={14} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon"
          data-move="down"
          disabled={readOnly || index === count - 1}
          aria-label={`Move rule ${n} down`}
          title="Move down: tried later"
          onClick={() => onMove(index + 1)}
        >
          <ArrowDown size={14} aria-hidden="true" />
        </button>
        <DeleteButton kind="rule" n={n} disabled={readOnly} onDelete={onDelete} />
      </header>
      {open ? (
        <div className="rule-body">
          <Messages at={at} exact />
          <ConditionsEditor at={[...at, 'when']} when={rule.when} suggestions={suggestions} />
          <div className="form-row">
            <TextInput
              label="Status"
              value={text(rule.status)}
              placeholder="endpoint's"
              at={[...at, 'status']}
              onCommit={(s) => set('status', statusValue(s))}
            />
          </div>
          <EffectsFields at={at} latency={rule.latency} fault={rule.fault} />
          <ResponseEditor at={[...at, 'response']} value={rule.response} optional />
          <HeadersEditor label="Rule headers" at={[...at, 'headers']} value={rule.headers} />
          <SetScenarioFields at={at} value={rule.setScenario} owner={`rule ${n}`} />
          <CallbacksEditor at={[...at, 'callbacks']} value={rule.callbacks} owner={`rule ${n}`} />
          <TextInput
            label="Description"
            value={text(rule.description)}
            at={[...at, 'description']}
            onCommit={(d) => set('description', d.trim() || undefined)}
          />
        </div>
      ) : null}
    </section>
  );
}

import { type ComponentType, useEffect, useRef, useState } from 'react';
import { type DocPath, insertAt, modify, move } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { Messages } from '../inputs';
import { NewCondition } from './NewCondition';
import { RuleCard } from './RuleCard';
import type { RuleCardProps } from './RuleShell';

const asRules = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.map((r) => (r !== null && typeof r === 'object' ? (r as Record<string, unknown>) : {})) : [];

const HTTP_HINT =
  "Tried in order: the first rule whose conditions all hold answers; otherwise the endpoint's own response does.";

/** Which rules are open, as their places change: a moved rule stays open or folded. */
const moved = (open: ReadonlySet<number>, from: number, to: number): Set<number> => {
  const out = new Set<number>();
  for (const i of open) out.add(i === from ? to : i === to ? from : i);
  return out;
};

/**
 * An endpoint's `rules:`, tried in order (the first whose `when` holds answers): each rule folded to
 * a line, opened to edit it; Up and Down move it (keyboard focus follows it), Delete removes it, and a
 * new rule starts from its first condition.
 */
export function RulesEditor({
  at,
  value,
  suggestions,
  card: Card = RuleCard,
  legend = 'Rules',
  hint = HTTP_HINT,
  example,
  start = {},
}: {
  at: DocPath;
  value: unknown;
  suggestions: readonly string[];
  /** The card each rule opens to (an HTTP rule's by default; a WebSocket message rule's). */
  card?: ComponentType<RuleCardProps>;
  legend?: string;
  hint?: string;
  /** A target to give as an example when none is named. */
  example?: string;
  /** What a new rule has besides its first condition (a message rule must do something). */
  start?: Record<string, unknown>;
}) {
  const { submit } = useForms();
  const rules = asRules(value);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);
  // After a move by keyboard, focus goes to the same button on the rule's new place (or the other
  // move button when that one is now disabled, at the top or the bottom).
  const [focus, setFocus] = useState<{ index: number; button: 'up' | 'down' } | undefined>(undefined);
  useEffect(() => {
    if (!focus) return;
    const card = list.current?.querySelector(`[data-rule="${focus.index}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${focus.button}"]`);
    const other = card?.querySelector<HTMLButtonElement>(`[data-move="${focus.button === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(undefined);
  });

  const moveRule = async (from: number, to: number) => {
    const outcome = await submit((t) => move(t, at, from, to), at);
    setRefused(outcome.ok ? undefined : outcome.message);
    if (!outcome.ok) return;
    setOpen((o) => moved(o, from, to));
    setFocus({ index: to, button: to < from ? 'up' : 'down' });
  };
  const remove = async (index: number) => {
    // The last rule takes `rules:` with it rather than leaving `rules: []`.
    const outcome = await submit((t) => modify(t, rules.length === 1 ? at : [...at, index], undefined), at);
    setRefused(outcome.ok ? undefined : outcome.message);
    if (outcome.ok) setOpen((o) => new Set([...o].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  };

  return (
    <fieldset className="form-group rules" aria-label={legend}>
      <legend>{legend}</legend>
      <p className="form-hint">{hint}</p>
      <Messages at={at} exact refused={refused} />
      <div className="rule-list" ref={list}>
        {rules.map((rule, i) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity but their place.
            key={i}
            rule={rule}
            at={[...at, i]}
            index={i}
            count={rules.length}
            open={open.has(i)}
            suggestions={suggestions}
            onToggle={() =>
              setOpen((o) => {
                const next = new Set(o);
                if (!next.delete(i)) next.add(i);
                return next;
              })
            }
            onMove={(to) => void moveRule(i, to)}
            onDelete={() => void remove(i)}
          />
        ))}
      </div>
      <NewCondition
        suggestions={suggestions}
        button="Add rule"
        example={example}
        onAdd={async (target, condition) => {
          const index = rules.length;
          const outcome = await submit((t) => insertAt(t, at, index, { when: { [target]: condition }, ...start }), at);
          if (outcome.ok) setOpen((o) => new Set(o).add(index));
          return outcome;
        }}
      />
    </fieldset>
  );
}

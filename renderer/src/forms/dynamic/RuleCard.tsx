import { modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { Messages, TextInput } from '../inputs';
import { CallbacksEditor } from './CallbacksEditor';
import { ConditionsEditor } from './ConditionsEditor';
import { EffectsFields } from './EffectsFields';
import { HeadersEditor } from './HeadersEditor';
import { ResponseEditor } from './ResponseEditor';
import { type RuleCardProps, RuleShell } from './RuleShell';
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

const statusValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** One HTTP rule: its conditions, status, effects, response, headers, scenario moves and callbacks. */
export function RuleCard(props: RuleCardProps) {
  const { at, index, suggestions } = props;
  const rule = props.rule as WrittenRule;
  const { submit } = useForms();
  const n = index + 1;
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
    <RuleShell props={props} supplies={supplies}>
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
    </RuleShell>
  );
}

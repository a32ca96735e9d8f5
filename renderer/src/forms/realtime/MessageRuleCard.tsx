import { modify } from '../../../../shared/src/config-edit/index';
import { latencyText, latencyValue } from '../../../../shared/src/dynamic-form/effects';
import { ConditionsEditor } from '../dynamic/ConditionsEditor';
import { type RuleCardProps, RuleShell } from '../dynamic/RuleShell';
import { useForms } from '../form-context';
import { Messages, TextInput } from '../inputs';
import { asRecord, messageSummary } from './message';
import { MessageEditor } from './MessageEditor';

/** A number as typed, else the text as typed so the engine says what is wrong; empty is no value. */
const numberOrText = (v: string): unknown => {
  const t = v.trim();
  return t === '' ? undefined : Number.isInteger(Number(t)) ? Number(t) : t;
};
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * One rule of a WebSocket endpoint's `messages:`: the conditions on the incoming frame, and what the
 * first match does: reply to the sender, broadcast to every client on the same path, close the
 * connection (code and reason), after a latency.
 */
export function MessageRuleCard(props: RuleCardProps) {
  const { rule, at, suggestions } = props;
  const { submit } = useForms();
  const close = asRecord(rule.close);
  const setClose = (key: 'code' | 'reason', value: unknown) => {
    const next = { ...close, [key]: value };
    if (value === undefined) delete next[key];
    const target = Object.keys(next).length === 0 ? [...at, 'close'] : [...at, 'close', key];
    return submit((t) => modify(t, target, Object.keys(next).length === 0 ? undefined : value), [...at, 'close']);
  };
  const supplies = [
    rule.reply !== undefined ? `reply ${messageSummary(rule.reply, 24)}` : '',
    rule.broadcast !== undefined ? `broadcast ${messageSummary(rule.broadcast, 24)}` : '',
    rule.close !== undefined ? `close ${text(close.code)}` : '',
    rule.latency !== undefined ? `latency ${latencyText(rule.latency)}` : '',
  ].filter(Boolean);
  return (
    <RuleShell props={props} supplies={supplies}>
      <Messages at={at} exact />
      <ConditionsEditor
        at={[...at, 'when']}
        when={rule.when}
        suggestions={suggestions}
        example="message.type"
        empty="No conditions: the rule matches every frame."
      />
      <MessageEditor label="Reply to the sender" at={[...at, 'reply']} value={rule.reply} none="no reply" />
      <MessageEditor
        label="Broadcast to every client on this path"
        at={[...at, 'broadcast']}
        value={rule.broadcast}
        none="no broadcast"
      />
      <div className="form-row">
        <TextInput
          label="Close with code"
          value={text(close.code)}
          placeholder="stay open"
          at={[...at, 'close', 'code']}
          mono
          onCommit={(v) => setClose('code', numberOrText(v))}
        />
        <TextInput
          label="Close reason"
          value={text(close.reason)}
          at={[...at, 'close', 'reason']}
          onCommit={(v) => setClose('reason', v.trim() || undefined)}
        />
        <TextInput
          label="Latency (ms)"
          value={latencyText(rule.latency)}
          placeholder="none"
          at={[...at, 'latency']}
          mono
          onCommit={(v) => submit((t) => modify(t, [...at, 'latency'], latencyValue(v)), [...at, 'latency'])}
        />
      </div>
      <Messages at={[...at, 'close']} exact />
      <TextInput
        label="Description"
        value={text(rule.description)}
        at={[...at, 'description']}
        onCommit={(d) =>
          submit((t) => modify(t, [...at, 'description'], d.trim() || undefined), [...at, 'description'])
        }
      />
    </RuleShell>
  );
}

import type { WrittenEndpoint } from '../../../../shared/src/config-edit/as-written';
import './realtime.css';
import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { RulesEditor } from '../dynamic/RulesEditor';
import { useForms } from '../form-context';
import { Messages, SelectInput, TextInput } from '../inputs';
import { MESSAGE_TARGETS, NEW_INTERVAL, NEW_RULE_REPLY, NEW_WEBSOCKET_SCRIPT } from './defaults';
import { asRecord, switchedMessage } from './message';
import { MessageEditor } from './MessageEditor';
import { MessageRuleCard } from './MessageRuleCard';
import { RealtimeShell } from './RealtimeShell';

const intOrText = (v: string): unknown => {
  const t = v.trim();
  return t === '' ? undefined : Number.isInteger(Number(t)) ? Number(t) : t;
};

/** `otherwise:` as the form shows it: echo, ignore, or a message in one of its two forms. */
function OtherwiseEditor({ at, value }: { at: DocPath; value: unknown }) {
  const { submit } = useForms();
  const m = asRecord(value);
  const shown =
    value === 'ignore' ? 'ignore' : m.body !== undefined ? 'body' : m.inline !== undefined ? 'inline' : 'echo';
  const write = (next: string) =>
    submit(
      (t) =>
        modify(t, at, next === 'echo' || next === 'ignore' ? next : switchedMessage(value, next as 'inline' | 'body')),
      at,
    );
  return (
    <div className="message-editor">
      <SelectInput
        label="Otherwise (a frame no rule matches)"
        value={shown}
        options={[
          { value: 'echo', label: 'echo it back' },
          { value: 'ignore', label: 'ignore it' },
          { value: 'inline', label: 'reply with JSON' },
          { value: 'body', label: 'reply with a text template' },
        ]}
        at={at}
        onCommit={write}
      />
      {shown === 'inline' || shown === 'body' ? <MessageEditor label="Otherwise reply" at={at} value={value} /> : null}
    </div>
  );
}

/** A `websocket:` endpoint: greeting, message rules, what unmatched frames get, a timed message, or a feed. */
export function WebSocketEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const { submit } = useForms();
  const ws = asRecord(entry.value.websocket);
  const at = (...keys: (string | number)[]): DocPath => [...entry.path, 'websocket', ...keys];
  const interval = asRecord(ws.interval);
  const every = interval.every === undefined ? '' : String(interval.every);
  return (
    <RealtimeShell entry={entry} title="WebSocket" kindKey="websocket" script={NEW_WEBSOCKET_SCRIPT} onGone={onGone}>
      <p className="form-hint">
        Templates see the upgrade request (request.params, request.query, request.headers, request.path) and, in rules,
        the frame as message (its JSON, or its text).
      </p>
      <MessageEditor label="On connect, send" at={at('onConnect')} value={ws.onConnect} none="nothing" />
      <RulesEditor
        at={at('messages')}
        value={ws.messages}
        suggestions={MESSAGE_TARGETS}
        card={MessageRuleCard}
        legend="Message rules"
        hint="Tried in order for each frame a client sends: the first rule whose conditions all hold acts; a frame no rule matches gets the Otherwise below."
        example="message.type"
        start={NEW_RULE_REPLY}
      />
      <OtherwiseEditor at={at('otherwise')} value={ws.otherwise} />
      <fieldset className="form-group" aria-label="Interval">
        <legend>Every few seconds, send</legend>
        <Messages at={at('interval')} exact />
        <TextInput
          label="Every (ms)"
          value={every}
          placeholder="never"
          at={at('interval', 'every')}
          mono
          onCommit={(v) => {
            const next = intOrText(v);
            if (next === undefined) return submit((t) => modify(t, at('interval'), undefined), at('interval'));
            if (ws.interval === undefined)
              return submit((t) => modify(t, at('interval'), { ...NEW_INTERVAL, every: next }), at('interval'));
            return submit((t) => modify(t, at('interval', 'every'), next), at('interval', 'every'));
          }}
        />
        {ws.interval !== undefined ? (
          <MessageEditor label="Interval message" at={at('interval', 'send')} value={interval.send} />
        ) : null}
      </fieldset>
    </RealtimeShell>
  );
}

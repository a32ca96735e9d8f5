import { Plus, Trash2 } from 'lucide-react';
import type { WrittenEndpoint } from '../../../../shared/src/config-edit/as-written';
import { type DocPath, insertAt, modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { CheckInput, Messages, TextInput } from '../inputs';
import { NEW_SSE_EVENT, NEW_SSE_SCRIPT } from './defaults';
import { asRecord } from './message';
import { MessageEditor } from './MessageEditor';
import { RealtimeShell } from './RealtimeShell';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const intOrText = (v: string): unknown => {
  const t = v.trim();
  return t === '' ? undefined : Number.isInteger(Number(t)) ? Number(t) : t;
};

/** One event of the list: its name, its delay after the one before, and its data. */
function EventCard({ value, at, n, onDelete }: { value: unknown; at: DocPath; n: number; onDelete(): void }) {
  const { submit, readOnly } = useForms();
  const e = asRecord(value);
  const set = (key: string, v: unknown) => submit((t) => modify(t, [...at, key], v), [...at, key]);
  return (
    <section className="callback-card" aria-label={`Event ${n}`} data-testid={`sse-event-${n}`}>
      <header className="rule-head">
        <strong>Event {n}</strong>
        <button
          type="button"
          className="icon danger"
          disabled={readOnly}
          aria-label={`Delete event ${n}`}
          title="Delete this event"
          onClick={onDelete}
        >
          <Trash2 size={14} aria-hidden="true" />
        </button>
      </header>
      <Messages at={at} exact />
      <div className="form-row">
        <TextInput
          label={`Event ${n} name`}
          value={text(e.event)}
          placeholder="message"
          at={[...at, 'event']}
          mono
          onCommit={(v) => set('event', v.trim() || undefined)}
        />
        <TextInput
          label={`Event ${n} delay (ms)`}
          value={text(e.delay)}
          placeholder="0"
          at={[...at, 'delay']}
          mono
          onCommit={(v) => set('delay', intOrText(v))}
        />
      </div>
      <MessageEditor label={`Event ${n} data`} at={[...at, 'data']} value={e.data} />
    </section>
  );
}

/** An `sse:` endpoint: a list of timed events (once, or looped), or the feed of a table's changes. */
export function SseEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const { submit, readOnly } = useForms();
  const sse = asRecord(entry.value.sse);
  const at = (...keys: (string | number)[]): DocPath => [...entry.path, 'sse', ...keys];
  const events = Array.isArray(sse.events) ? (sse.events as unknown[]) : [];
  const add = () =>
    submit(
      (t) =>
        events.length === 0
          ? modify(t, at('events'), [NEW_SSE_EVENT])
          : insertAt(t, at('events'), events.length, NEW_SSE_EVENT),
      at('events'),
    );
  return (
    <RealtimeShell
      entry={entry}
      title="Server-Sent Events"
      kindKey="sse"
      script={NEW_SSE_SCRIPT}
      onGone={onGone}
      always={
        <TextInput
          label="Heartbeat after (ms of silence)"
          value={text(sse.heartbeat)}
          placeholder="15000"
          at={at('heartbeat')}
          mono
          onCommit={(v) => submit((t) => modify(t, at('heartbeat'), intOrText(v)), at('heartbeat'))}
        />
      }
    >
      <fieldset className="form-group" aria-label="Events">
        <legend>Events, in order</legend>
        <p className="form-hint">
          Each is written when its delay (after the one before) is up, with an id. Data is JSON or text (one data: line
          per line); either may use templates.
        </p>
        <Messages at={at('events')} exact />
        {events.map((e, i) => (
          <EventCard
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no identity but their place.
            key={i}
            value={e}
            at={at('events', i)}
            n={i + 1}
            onDelete={() =>
              void submit(
                (t) => modify(t, events.length === 1 ? at('events') : at('events', i), undefined),
                at('events'),
              )
            }
          />
        ))}
        <button type="button" className="btn" disabled={readOnly} onClick={() => void add()}>
          <Plus size={14} /> Add event
        </button>
      </fieldset>
      <CheckInput
        label="Repeat: loop the list until the client leaves"
        checked={sse.repeat === true}
        at={at('repeat')}
        onCommit={(on) => submit((t) => modify(t, at('repeat'), on ? true : undefined), at('repeat'))}
      />
    </RealtimeShell>
  );
}

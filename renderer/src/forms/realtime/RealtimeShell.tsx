import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WrittenEndpoint } from '../../../../shared/src/config-edit/as-written';
import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { Messages, SelectInput, TextInput } from '../inputs';
import { asRecord } from './message';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The parts a WebSocket and an SSE endpoint share: heading and Delete, path, and what it sends: a
 * script (the children) or the feed of a table's changes. Switching writes the other kind's start
 * (the YAML editor's undo brings the script back).
 */
export function RealtimeShell({
  entry,
  title,
  kindKey,
  script,
  onGone,
  always,
  children,
}: {
  entry: WrittenEndpoint;
  title: string;
  kindKey: 'websocket' | 'sse';
  /** What "scripted" starts from when switching from a feed. */
  script: Record<string, unknown>;
  onGone(): void;
  /** Shown for a script and a feed alike (an SSE stream's heartbeat). */
  always?: ReactNode;
  /** The script's parts, shown when it is not a feed. */
  children: ReactNode;
}) {
  const { written, submit, readOnly } = useForms();
  const v = entry.value;
  const at = (...keys: string[]): DocPath => [...entry.path, ...keys];
  const body = asRecord(v[kindKey]);
  const feed = typeof body.feed === 'string' ? body.feed : undefined;
  const schemas = written.schemas.map((s) => s.name);
  const remove = async () => {
    const outcome = await submit((t) => modify(t, entry.path, undefined), ['endpoints']);
    if (outcome.ok) onGone();
  };
  return (
    <section className="form-card" aria-label={`${title} ${text(v.path)}`}>
      <header className="form-card-head">
        <h3>{title}</h3>
        <button type="button" className="btn danger" disabled={readOnly} onClick={() => void remove()}>
          <Trash2 size={14} /> Delete
        </button>
      </header>
      <Messages at={entry.path} exact />
      <TextInput
        label="Path"
        value={text(v.path)}
        at={at('path')}
        mono
        onCommit={(p) => submit((t) => modify(t, at('path'), p.trim()), at('path'))}
      />
      <Messages at={at(kindKey)} exact />
      <div className="form-row">
        <SelectInput
          label="Sends"
          value={feed === undefined ? 'script' : 'feed'}
          options={[
            { value: 'script', label: kindKey === 'websocket' ? 'scripted messages' : 'a list of events' },
            { value: 'feed', label: "a table's changes (feed)" },
          ]}
          onCommit={(mode) =>
            submit(
              (t) => modify(t, at(kindKey), mode === 'feed' ? { feed: schemas[0] ?? 'Item' } : script),
              at(kindKey),
            )
          }
        />
        {feed !== undefined ? (
          <SelectInput
            label="Feed of schema"
            value={feed}
            options={schemas.includes(feed) ? schemas : [feed, ...schemas]}
            at={at(kindKey, 'feed')}
            onCommit={(s) => submit((t) => modify(t, at(kindKey, 'feed'), s), at(kindKey, 'feed'))}
          />
        ) : null}
      </div>
      {feed !== undefined ? (
        <p className="form-hint">
          {kindKey === 'websocket'
            ? `Every change to ${feed} (HTTP, the data browser, a reset, another replica) is sent as {"event": "created" | "updated" | "deleted", "record": …}.`
            : `Every change to ${feed} is an event (created, updated, deleted) with the record as data and a rising id; a client coming back with Last-Event-ID gets what it missed first.`}
        </p>
      ) : (
        children
      )}
      {always}
      <TextInput
        label="Description"
        value={text(v.description)}
        at={at('description')}
        onCommit={(d) => submit((t) => modify(t, at('description'), d.trim() || undefined), at('description'))}
      />
    </section>
  );
}

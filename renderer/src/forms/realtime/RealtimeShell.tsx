import type { ReactNode } from 'react';
import type { WrittenEndpoint } from '../../../../shared/src/config-edit/as-written';
import { EntryCard, EntryDescription } from '../EntryCard';
import { text, useEntryEdit, withCurrent } from '../entry-edit';
import { useForms } from '../form-context';
import { Messages, SelectInput, TextInput } from '../inputs';
import { asRecord } from './message';

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
  const { written } = useForms();
  const { at, set } = useEntryEdit(entry);
  const v = entry.value;
  const body = asRecord(v[kindKey]);
  const feed = typeof body.feed === 'string' ? body.feed : undefined;
  const schemas = written.schemas.map((s) => s.name);
  return (
    <EntryCard entry={entry} label={`${title} ${text(v.path)}`} title={title} onGone={onGone}>
      <TextInput label="Path" value={text(v.path)} at={at('path')} mono onCommit={(p) => set(['path'], p.trim())} />
      <Messages at={at(kindKey)} exact />
      <div className="form-row">
        <SelectInput
          label="Sends"
          value={feed === undefined ? 'script' : 'feed'}
          options={[
            { value: 'script', label: kindKey === 'websocket' ? 'scripted messages' : 'a list of events' },
            { value: 'feed', label: "a table's changes (feed)" },
          ]}
          onCommit={(mode) => set([kindKey], mode === 'feed' ? { feed: schemas[0] ?? 'Item' } : script)}
        />
        {feed !== undefined ? (
          <SelectInput
            label="Feed of schema"
            value={feed}
            options={withCurrent(schemas, feed)}
            at={at(kindKey, 'feed')}
            onCommit={(s) => set([kindKey, 'feed'], s)}
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
      <EntryDescription entry={entry} />
    </EntryCard>
  );
}

import { Expand } from 'lucide-react';
import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { insertAt, modify } from '../../../shared/src/config-edit/index';
import { chain } from './chain';
import { EntryCard } from './EntryCard';
import { expandResource, resourcePath } from './endpoint-defaults';
import { text, useEntryEdit, withCurrent } from './entry-edit';
import { useForms } from './form-context';
import { SelectInput, TextInput } from './inputs';

/** A `resource:` entry: its schema, path and key, and Expand into the six endpoints it stands for. */
export function ResourceEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const { written, submit, readOnly } = useForms();
  const { at, set } = useEntryEdit(entry);
  const v = entry.value;
  const schema = text(v.resource);
  const expand = () =>
    submit(
      (t) => {
        const six = expandResource(schema, v.path as string | undefined, v.key as string | undefined);
        return chain(t, [
          (s) => modify(s, entry.path, undefined),
          ...six.map((e, i) => (s: string) => insertAt(s, ['endpoints'], entry.index + i, e)),
        ]);
      },
      ['endpoints'],
    );
  return (
    <EntryCard
      entry={entry}
      label={`Resource ${schema}`}
      title="REST resource"
      onGone={onGone}
      actions={
        <button
          type="button"
          className="btn"
          disabled={readOnly}
          onClick={() => void expand()}
          title="Replace this entry by the six endpoints it stands for, to change them one by one"
        >
          <Expand size={14} /> Expand into endpoints
        </button>
      }
    >
      <SelectInput
        label="Schema"
        value={schema}
        options={withCurrent(
          written.schemas.map((s) => s.name),
          schema,
        )}
        at={at('resource')}
        onCommit={(s) => set(['resource'], s)}
      />
      <TextInput
        label="Path"
        value={text(v.path)}
        placeholder={schema ? resourcePath(schema) : '/items'}
        at={at('path')}
        mono
        onCommit={(p) => set(['path'], p.trim() || undefined)}
      />
      <TextInput
        label="Key"
        value={text(v.key)}
        placeholder="id"
        at={at('key')}
        onCommit={(k) => set(['key'], k.trim() || undefined)}
      />
      <p className="form-hint">Stands for GET and POST on the collection, and GET, PATCH, PUT and DELETE on an item.</p>
    </EntryCard>
  );
}

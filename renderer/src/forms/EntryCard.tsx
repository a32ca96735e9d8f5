import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { modify } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';
import { text, useEntryEdit } from './entry-edit';
import { Messages, TextInput } from './inputs';

interface Props {
  entry: WrittenEndpoint;
  /** The card's accessible name (`Endpoint GET /health`). */
  label: string;
  title: ReactNode;
  /** Buttons before Delete (Expand). */
  actions?: ReactNode;
  /** The entry was deleted. */
  onGone(): void;
  children: ReactNode;
}

/** The card of one entry of `endpoints:` (a resource, an endpoint, a WebSocket or SSE one): its title, Delete, and the problems of the whole entry. */
export function EntryCard({ entry, label, title, actions, onGone, children }: Props) {
  const { submit, readOnly } = useForms();
  const remove = async () => {
    const outcome = await submit((t) => modify(t, entry.path, undefined), ['endpoints']);
    if (outcome.ok) onGone();
  };
  return (
    <section className="form-card" aria-label={label}>
      <header className="form-card-head">
        <h3>{title}</h3>
        {actions}
        <button type="button" className="btn danger" disabled={readOnly} onClick={() => void remove()}>
          <Trash2 size={14} /> Delete
        </button>
      </header>
      <Messages at={entry.path} exact />
      {children}
    </section>
  );
}

/** An entry's `description:` (shown in the studio), its card's last field. */
export function EntryDescription({ entry }: { entry: WrittenEndpoint }) {
  const { at, set } = useEntryEdit(entry);
  return (
    <TextInput
      label="Description"
      value={text(entry.value.description)}
      at={at('description')}
      onCommit={(d) => set(['description'], d.trim() || undefined)}
    />
  );
}

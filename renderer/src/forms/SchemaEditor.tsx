import { PencilLine, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { WrittenSchema } from '../../../shared/src/config-edit/as-written';
import { modify } from '../../../shared/src/config-edit/index';
import { tableNameFor } from '../../../shared/src/table-name';
import { endpointsUsing } from './endpoints-using';
import { FieldsTable } from './FieldsTable';
import { useForms } from './form-context';
import { Messages, TextInput } from './inputs';
import { RenameSchemaForm } from './RenameSchemaForm';

/** One schema: its description, its fields, and Delete (which asks first, naming its endpoints). */
export function SchemaEditor({
  schema,
  onDeleted,
  onRenamed,
}: {
  schema: WrittenSchema;
  onDeleted(): void;
  onRenamed(name: string): void;
}) {
  const { written, submit, readOnly } = useForms();
  const [asking, setAsking] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const users = endpointsUsing(written.endpoints, schema.name);

  const remove = async () => {
    setAsking(false);
    const outcome = await submit((text) => modify(text, schema.path, undefined), ['schemas']);
    if (outcome.ok) onDeleted();
    else setRefused(outcome.message);
  };

  return (
    <section className="form-card" aria-label={`Schema ${schema.name}`} data-testid={`schema-${schema.name}`}>
      <header className="form-card-head">
        <h3>
          {schema.name} <span className="muted">→ {tableNameFor(schema.name)}</span>
        </h3>
        <div className="form-card-actions">
          <button
            ref={renameButton}
            type="button"
            className="btn"
            disabled={readOnly}
            aria-expanded={renaming}
            onClick={() => setRenaming(true)}
          >
            <PencilLine size={14} /> Rename
          </button>
          <button type="button" className="btn danger" disabled={readOnly} onClick={() => setAsking(true)}>
            <Trash2 size={14} /> Delete
          </button>
        </div>
      </header>
      {renaming ? (
        <RenameSchemaForm
          schema={schema}
          onDone={(to) => {
            setRenaming(false);
            // Cancelled: the focus goes back to the button (a rename shows the schema under its new name).
            if (to !== undefined) onRenamed(to);
            else renameButton.current?.focus();
          }}
        />
      ) : null}
      {asking ? (
        <div className="form-confirm" role="alertdialog" aria-label={`Delete schema ${schema.name}`}>
          <p>
            Delete schema {schema.name}?{' '}
            {users.length > 0
              ? `These endpoints use it and will report an unknown schema until changed: ${users.join(', ')}.`
              : 'No endpoint uses it.'}{' '}
            Its rows stay in the database file.
          </p>
          <footer>
            <button type="button" className="btn primary danger" onClick={() => void remove()}>
              Delete schema
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </footer>
        </div>
      ) : null}
      <Messages at={schema.path} refused={refused} exact />
      <TextInput
        label="Description"
        value={schema.description ?? ''}
        placeholder="Shown in the studio"
        at={[...schema.path, 'description']}
        onCommit={(v) =>
          submit(
            (text) => modify(text, [...schema.path, 'description'], v.trim() || undefined),
            [...schema.path, 'description'],
          )
        }
      />
      <FieldsTable schema={schema} />
    </section>
  );
}

import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForms } from './form-context';
import { NewSchemaForm } from './NewSchemaForm';
import { problemsAt } from './problems-at';
import { SchemaEditor } from './SchemaEditor';

/** The schemas: a list to pick from, New schema, and the picked one's editor. */
export function SchemasForm({
  picked,
  onPick: setPicked,
}: {
  picked?: string;
  onPick(name: string | undefined): void;
}) {
  const { written, problems, readOnly } = useForms();
  const [creating, setCreating] = useState(false);
  const schema = written.schemas.find((s) => s.name === picked) ?? written.schemas[0];
  return (
    <div className="forms-section">
      <div className="form-list-head">
        <ul className="form-list" aria-label="Schemas">
          {written.schemas.map((s) => {
            const errors = problemsAt(problems, s.path).filter((p) => p.severity === 'error').length;
            return (
              <li key={s.name}>
                <button
                  type="button"
                  aria-pressed={s === schema && !creating}
                  onClick={() => {
                    setPicked(s.name);
                    setCreating(false);
                  }}
                >
                  {s.name}
                  {errors > 0 ? <span className="form-badge error">{errors}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className="btn" disabled={readOnly} onClick={() => setCreating(true)}>
          <Plus size={14} /> New schema
        </button>
      </div>
      {creating ? (
        <NewSchemaForm
          onCreated={(name) => {
            setPicked(name);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : schema ? (
        <SchemaEditor
          key={schema.name}
          schema={schema}
          onDeleted={() => setPicked(undefined)}
          onRenamed={(name) => setPicked(name)}
        />
      ) : (
        <p className="muted">No schemas yet. A schema is a record shape stored in its own table.</p>
      )}
    </div>
  );
}

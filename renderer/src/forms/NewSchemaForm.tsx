import { type FormEvent, useState } from 'react';
import { modify } from '../../../shared/src/config-edit/index';
import { tableNameFor } from '../../../shared/src/table-name';
import { useForms } from './form-context';
import { Messages } from './inputs';
import { schemaNameProblem } from './schema-name';

/** Names a new schema (checked as typed) and writes it with an `id` field, which every table needs. */
export function NewSchemaForm({ onCreated, onCancel }: { onCreated(name: string): void; onCancel(): void }) {
  const { written, submit, readOnly } = useForms();
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const trimmed = name.trim();
  const problem = schemaNameProblem(
    trimmed,
    written.schemas.map((s) => s.name),
  );

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return setRefused(problem);
    const at = ['schemas', trimmed];
    const outcome = await submit((text) => modify(text, at, { properties: { id: 'integer' } }), at);
    if (outcome.ok) onCreated(trimmed);
    else setRefused(outcome.message);
  };

  return (
    <form className="form-card" aria-label="New schema" onSubmit={(e) => void create(e)}>
      <div className="form-field">
        <label htmlFor="new-schema-name">Schema name</label>
        <div className="form-control">
          <input
            id="new-schema-name"
            value={name}
            placeholder="BlogPost"
            disabled={readOnly}
            autoComplete="off"
            aria-invalid={(trimmed !== '' && problem !== undefined) || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setRefused(undefined);
            }}
          />
        </div>
        <p className="form-hint" data-testid="table-preview">
          {trimmed && !problem ? (
            <>
              Stored in table{' '}
              <code>
                {trimmed} → {tableNameFor(trimmed)}
              </code>
            </>
          ) : trimmed ? (
            <span className="error-text">{problem}</span>
          ) : (
            'A capitalised singular name, e.g. BlogPost (table blog_posts).'
          )}
        </p>
        <Messages refused={refused} />
      </div>
      <footer>
        <button type="submit" className="btn primary" disabled={readOnly || problem !== undefined}>
          Create schema
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </footer>
    </form>
  );
}

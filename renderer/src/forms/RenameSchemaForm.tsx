import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { WrittenSchema } from '../../../shared/src/config-edit/as-written';
import { renameSchemaEverywhere } from '../../../shared/src/config-edit/renames';
import { tableNameFor } from '../../../shared/src/table-name';
import { useForms } from './form-context';
import { Messages } from './inputs';
import { oneEdit, schemaOrigin } from './rename-edits';
import { schemaNameProblem } from './schema-name';

/**
 * Rename schema: the new name is checked as New schema checks it (with the table it will have), then
 * one edit renames the key, writes `renamedFrom:` (so the table keeps its rows) and follows the name
 * into endpoints, references and the seed. `onDone(name)` after a rename, `onDone()` on Cancel.
 */
export function RenameSchemaForm({ schema, onDone }: { schema: WrittenSchema; onDone(name?: string): void }) {
  const { written, saved, submit, readOnly } = useForms();
  const [name, setName] = useState(schema.name);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const trimmed = name.trim();
  const unchanged = trimmed === schema.name;
  const problem = unchanged
    ? undefined
    : schemaNameProblem(
        trimmed,
        written.schemas.map((s) => s.name),
      );

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return onDone();
    if (problem) return setRefused(problem);
    const origin = schemaOrigin(saved, schema);
    const outcome = await submit(
      (text) => oneEdit(text, renameSchemaEverywhere(text, schema.name, trimmed, origin)),
      ['schemas', trimmed],
    );
    if (outcome.ok) onDone(trimmed);
    else setRefused(outcome.message);
  };

  return (
    <form
      className="form-confirm"
      aria-label={`Rename schema ${schema.name}`}
      onSubmit={(e) => void rename(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <div className="form-field">
        <label htmlFor="rename-schema-name">New name</label>
        <div className="form-control">
          <input
            id="rename-schema-name"
            ref={input}
            value={name}
            disabled={readOnly}
            autoComplete="off"
            aria-invalid={problem !== undefined || undefined}
            aria-describedby="rename-schema-preview"
            onChange={(e) => {
              setName(e.target.value);
              setRefused(undefined);
            }}
          />
        </div>
        <p className="form-hint" id="rename-schema-preview" data-testid="rename-preview">
          {problem ? (
            <span className="error-text">{problem}</span>
          ) : (
            <>
              Stored in table{' '}
              <code>
                {trimmed} → {tableNameFor(trimmed)}
              </code>
              {unchanged ? null : ` (renamed from ${tableNameFor(schema.name)} with its rows)`}. Endpoints, references
              and seed rows follow the new name.
            </>
          )}
        </p>
        <Messages refused={refused} />
      </div>
      <footer>
        <button type="submit" className="btn primary" disabled={readOnly || problem !== undefined || unchanged}>
          Rename schema
        </button>
        <button type="button" className="btn" onClick={() => onDone()}>
          Cancel
        </button>
      </footer>
    </form>
  );
}
